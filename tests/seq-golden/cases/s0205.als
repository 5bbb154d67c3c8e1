open util/ordering[E]
sig E {}
one sig H { items: seq E, s: seq E }
pred show { some h1: H | (#h1.items).plus[#h1.s] =< #h1.s }
run show for 3 but 3 int, 3 seq, 3 E
