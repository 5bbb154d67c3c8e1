sig E {}
one sig H { items: seq E, s: seq E }
check { all s1: seq E | (all i2: inds[seq/add[H.s, last[s1]]] | (one i3: H.s.inds | #H.s in s1.inds)) } for 3 int
