sig E {}
one sig H { items: seq E }
pred show { some s1: seq E | #s1 = 3 }
run show for 3 but 3 int, 3 seq
