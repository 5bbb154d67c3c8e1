abstract sig E {}
sig F, G extends E {}
sig H { items: seq E, t: seq F }
pred show { all h1: H | some e2: E | elems[h1.items] = E }
run show for 4 but exactly 2 E, exactly 2 H
