sig E {}
sig H { items: seq E, s: seq E }
fact { all h2: H | not (#h2.items in h2.s.inds) }
check { all s1: seq E | plus[#s1, #s1] >= #s1 } for 2 H, 3 int, 2 E
