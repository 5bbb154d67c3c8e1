abstract sig E {}
sig F extends E {}
sig H { items: seq E }
pred show { #items != 0 }
run show for 1 E, 2 H, 3 int
