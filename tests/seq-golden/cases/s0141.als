sig E {}
one sig H { disj items, s: seq E }
run { some s1: seq E | some i: Int | not (i in inds[s1] implies #s1.delete[i] = minus[#s1, 1]) } for 3 but 3 int, 1 E
