sig E {}
sig H { items: seq E }
pred p[x: seq E, y: E] { (no e2: E | (no e3: E | x.elems = E)) }
pred show { some h1: H | (2 > #(seq/add[h1.items, last[h1.items]])) or p[h1.items, seq/last[h1.items]] }
run show for 2 but 4 int, 2 seq, 3 E, 2 H
