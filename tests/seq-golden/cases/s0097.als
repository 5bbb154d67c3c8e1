sig E {}
sig F, G extends E {}
sig H { items: seq E, s: seq E }
fact { all h3: H | h3.s.elems = F }
fact { all h4: H | (one i5: h4.s.inds | (some i6: Int | seq/elems[h4.items] = G)) }
pred show { some h1: H | some e2: E | h1.s in h1.items.insert[#((seq/add[h1.s, e2]).inds), last[seq/rest[h1.s]]] }
run show for 3 but 3 int, 3 seq
