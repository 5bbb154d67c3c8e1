open util/ordering[E]
sig E {}
some sig H { items: seq E, cur: lone E }
fact { all h3: H | (h3.items in seq/Int -> E) || (0 < h3.items.lastIdxOf[first.next]) }
check { all h1: H | all e2: E | #(h1.items.append[h1.items]) = #(h1.items.insert[1, last]) } for 3 E, 2 H, 3 int, 0 seq
