sig E {}
lone sig H { items: seq E } { p[items] }
pred p[x: seq E] { ! ((one i6: Int | f[x, last[x]] = x.elems)) }
fun f[x: seq E, y: E]: set E { (setAt[x, #x, y]).elems }
fact { all h2: H | add[h2.items, h2.items.first] != h2.items }
fact { all h3: H | (no i4: seq/inds[h3.items] | some h3.items) }
fact { all h5: H | p[h5.items.butlast] or f[butlast[h5.items], f[h5.items, last[h5.items]]] = elems[subseq[h5.items, #(h5.items), #(h5.items)]] }
check { all h1: H, e: E | (h1.items.add[e]).last = e } for 4 but 4 int, 4 seq, 1 E
