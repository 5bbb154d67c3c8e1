sig E {}
sig H { items: seq E, n: seq Int }
pred p[x: seq E, y: E] { ! (not (#(x.elems) < #x)) }
fact { all h2: H | (some i3: seq/inds[h2.n] | seq/insert[h2.items, #h2.items, E] in h2.items) }
fact { some h4: H | p[h4.items, h4.items.first] }
check { all h1: H, e: E, i: Int | i in h1.items.inds implies (h1.items.setAt[i, e])[i] = e } for 3 but 4 int, 2 seq, 3 E, 2 H
