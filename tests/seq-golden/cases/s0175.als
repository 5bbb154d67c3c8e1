sig E {}
some sig H { items: seq E }
fun f[x: seq E, y: E]: set E { seq/elems[seq/delete[x, -1]] }
fact { all h4: H | #(h4.items.indsOf[E]) >= #h4.items }
fact { all h5: H | h5.items.add[first[h5.items]] in h5.items }
run { some h2: H | some s1: seq E | ((indsOf[h2.items, h2.items.first] = seq/inds[s1]) => ((some e3: E | E in h2.items.elems))) or f[h2.items, last[h2.items]] != elems[h2.items.insert[#s1, E]] } for 3 int
