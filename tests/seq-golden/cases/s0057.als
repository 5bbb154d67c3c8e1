open util/ordering[E]
sig E {}
one sig H { disj items, s: seq E }
pred show { some h1: H, e: E | seq/add[h1.items, e] = h1.items and not h1.items.isEmpty }
run show for 3 seq, 3 E
