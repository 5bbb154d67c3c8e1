sig E {}
one sig H { items: seq E }
check { all i: Int | i in H.items.inds implies #H.items.delete[i] = minus[#H.items, 1] } for 4 but exactly 3 E
