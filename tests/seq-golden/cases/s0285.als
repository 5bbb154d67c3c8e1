sig E {}
one sig H { items: seq E }
fact { (one i3: seq/inds[H.items] | H.items.inds = 0) }
run { some s1, s2: seq E | #append[s1, s2] < #s1 } for 5 int, 1 seq
