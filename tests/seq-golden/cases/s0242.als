abstract sig E {}
sig F, G extends E {}
lone sig H { items: seq E, s: seq E }
fact { all h2: H | (one e3: F | h2.s.indsOf[e3] = h2.s.inds) }
check { some h1: H | #h1.s.rest =< 3 } for 3 int, exactly 2 E, 2 seq
