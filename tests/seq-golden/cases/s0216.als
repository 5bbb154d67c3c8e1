abstract sig E {}
sig F extends E {}
one sig H { items: seq E, s: seq E }
pred show { (all e1: E | (one e2: E | (let l3 = insert[H.items, 2, e1] | (no e4: E | #H.items = 3)))) }
run show for 2 but 3 int, 3 seq
