open util/ordering[E]
sig E {}
lone sig H { items: seq E }
pred show { some h1: H | ((h1.items.indsOf[last.prev] = h1.items.inds) => (last in elems[h1.items])) or ((no h1.items) => (last in h1.items.elems)) }
run show for 3 but 5 seq, 1 E
