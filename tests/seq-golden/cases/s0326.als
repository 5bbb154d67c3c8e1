sig E {}
one sig H { items: seq E, s: seq E }
assert claim { (no i1: H.s.inds | H.s.append[delete[H.s.butlast, H.items.lastIdx]] != H.s.add[last[H.items]]) }
check claim for 1 seq, 4 int
