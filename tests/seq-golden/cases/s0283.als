sig E {}
lone sig H { disj items, s: seq E }
pred show { some h1: H | #h1.items.append[h1.items] = 0 }
run show for 4 but 1 seq, 2 E
