sig E {}
some sig H { items: seq E }
fact { all h5: H | (some h6: H | 0 < plus[#h6.items, 2]) }
fact { all h7: H | (no i8: seq/inds[h7.items] | (one i9: Int | one h7.items)) }
run { some h1: H | ((some e2: E | (all h3: H | seq/elems[h3.items] = E))) => (not ((no e4: E | seq/isEmpty[h1.items.butlast]))) } for 2 seq, 5 int, 2 H, 3 E
