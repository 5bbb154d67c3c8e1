sig E {}
some sig H { items: seq E, n: seq Int }
run { some s1: seq E | some i: Int | not (i in s1.inds implies #delete[s1, i] = minus[#s1, 1]) } for 3 but 0 seq, 1 H
