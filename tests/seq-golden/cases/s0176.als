open util/ordering[E]
sig E {}
one sig H { items: seq E, n: seq Int }
fact { (all e2: E | 2 = 0) }
fact { all h3: H | (some e4: E | elems[h3.items] in H.items.elems) }
assert claim { some h1: H | 3 in (H.n.append[H.n.add[3]]).elems }
check claim for 1 E, 5 int
