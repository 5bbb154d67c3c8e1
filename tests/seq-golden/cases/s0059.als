sig E {}
one sig H { items: seq E, n: seq Int }
fun f[x: seq E, y: E]: Int { (H.n.delete[4])[#H.items] }
fact { all h2: H | (one e3: E | (some e4: E | #H.n < #(H.n.indsOf[3]))) }
fact { some h5: H | H.items.f[h5.items[2]] =< H.n[#h5.items] }
check { all h1: H | #h1.items > #h1.items.elems implies h1.items.hasDups } for 3 but 5 int, 3 seq
