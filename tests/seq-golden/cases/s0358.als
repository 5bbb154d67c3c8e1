sig E {}
sig H { items: seq E }
fun f[x: seq E, y: E]: set E { (insert[x, 3, y]).elems }
fact { all h2: H | h2.items in h2.items.add[E] }
fact { some h3: H | f[h3.items, E] in (h3.items.add[h3.items.first]).elems }
pred show { some h1: H | not (#h1.items <= 3) }
run show for 3 seq, 3 int
