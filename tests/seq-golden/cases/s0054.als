sig E {}
one sig H { items: seq E }
pred p[x: seq E, y: E] { (no i3: H.items.inds | #H.items != #(x.indsOf[y])) }
fact { some h2: H | (h2.items.insert[-1, E]).p[seq/first[h2.items]] }
run { some s1: seq E | #seq/Int = 0 } for 0 seq, 3 int
