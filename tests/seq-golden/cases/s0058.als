open util/ordering[E]
sig E {}
one sig H { items: seq E, s: seq E } { s.lastIdx < #items }
fact { all h2: H | elems[H.items] in seq/elems[h2.items] }
pred show { some h1: H | #seq/Int = 5 }
run show for 5 seq
