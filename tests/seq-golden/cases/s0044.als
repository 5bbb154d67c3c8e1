sig E {}
one sig H { items: seq E } { ((let l3 = items | l3.last in l3.elems)) iff ((some e4: E | 4 <= 1)) }
fact { all h2: H | seq/elems[h2.items] in h2.items.elems }
fact { (seq/butlast[H.items])[0] = E }
assert claim { all s1: seq E, i: Int | i in inds[s1] implies #delete[s1, i] = minus[#s1, 1] }
check claim for 3 seq, 1 E
