sig E {}
sig H { items: seq E, s: seq E }
pred show { some s1: seq E, e: E | add[s1, e] = s1 and #s1 < 2 }
run show for 2 seq, 5 int
