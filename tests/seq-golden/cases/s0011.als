open util/ordering[E]
sig E {}
sig H { items: seq E }
fact { all h3: H | (all e4: E | e4 in elems[h3.items]) }
check { all h1: H | all e2: E | (#(((subseq[h1.items, 1, #(h1.items)]).insert[1, e2]).indsOf[e2])).mul[#h1.items] =< 1 } for 4 but 3 int, 2 seq, 2 E, 1 H
