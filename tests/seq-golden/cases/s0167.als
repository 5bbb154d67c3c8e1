sig E {}
sig F extends E {}
some sig H { items: seq E }
pred show { some h1: H | (h1.items = h1.items) and ((some e2: E | 1 in h1.items.inds)) }
run show for 5 but 4 int, 1 seq, 2 E, 2 H
