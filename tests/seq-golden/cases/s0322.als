sig E {}
lone sig H { items: seq E }
pred show { some s1: seq E | #s1 = 2 }
run show for 3 int
