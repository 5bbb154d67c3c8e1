sig E {}
sig F extends E {}
one sig H { items: seq E, s: seq E }
fact { all h4: H | (some e5: E | seq/inds[H.items] in 0) }
run { some disj s1, s2: seq E | (some e3: E | #(s1.indsOf[H.s.last]) != plus[#(s2.elems), #(s1.inds)]) } for 1 but 4 int, 2 seq, 3 E
