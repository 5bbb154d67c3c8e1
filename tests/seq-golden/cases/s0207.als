sig E {}
some sig H { disj items, s: seq E }
pred p[x: seq E] { x in seq/Int -> E }
fact { some h2: H | h2.items.p }
check { all h1: H | not (#h1.items = 3) } for 2 but 3 seq, 1 H
