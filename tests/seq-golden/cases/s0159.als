open util/ordering[E]
sig E {}
one sig H { disj items, s: seq E }
check { H.items != seq/setAt[(H.items.add[E]).append[H.s.insert[#H.s, last]], seq/afterLastIdx[H.s.butlast], first] } for 3 but 4 int, 1 seq
