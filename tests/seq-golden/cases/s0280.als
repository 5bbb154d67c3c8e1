sig E {}
sig H { items: seq E } { (let l4 = items | #(items.indsOf[seq/first[items]]) =< items.idxOf[seq/last[l4]]) }
fact { all h2: H | h2.items != append[h2.items.add[h2.items.first], insert[h2.items, #h2.items, seq/first[h2.items]]] }
fact { all h3: H | 0 > h3.items.idxOf[E] }
check { all s1: seq E | not (#s1 = 2) } for 2 but 4 int, 1 H
