sig E {}
sig H { items: seq E }
fact { all h2: H | #(H.items) =< seq/idxOf[h2.items, H.items.first] }
run { some s1: seq E | #s1 = 4 } for 3 but 5 int, 1 H
