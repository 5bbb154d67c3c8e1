sig E {}
some sig H { disj items, s: seq E }
pred show { some h1: H | some h1.s }
run show for 3 E, 3 int, 2 H
