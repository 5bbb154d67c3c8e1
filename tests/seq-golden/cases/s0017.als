open util/ordering[E]
sig E {}
sig H { disj items, s: seq E }
fact { all h3: H | (some i4: Int | (let l5 = h3.s | elems[h3.items] in l5.elems)) }
pred show { some h1: H | (some e2: E | h1.s != h1.s) }
run show for 3 but 3 int, 3 seq, 2 E, exactly 2 H
