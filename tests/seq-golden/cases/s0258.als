sig E {}
one sig H { disj items, s: seq E }
check { all s1: seq E | plus[1, 1] != plus[1, 1] } for 0 seq, 3 E
