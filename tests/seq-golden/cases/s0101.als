sig E {}
sig H { items: seq E }
fun f[x: seq E, y: E]: set E { seq/elems[seq/setAt[x, 3, y]] }
assert claim { all h1: H | (h1.items.inds in 0 + 1) or f[h1.items, h1.items[#h1.items]] != (h1.items.setAt[1, h1.items.first]).elems }
check claim for 2 seq, 2 H, 2 E, 5 int
