sig E {}
some sig H { items: seq E }
pred show { some s1: seq E | some e: E | some i: Int | not (i in s1.inds implies (s1.setAt[i, e])[i] = e) }
run show for 2 seq, 2 E, 1 H
