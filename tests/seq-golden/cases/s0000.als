sig E {}
lone sig H { items: seq E, s: seq E }
run { some h1: H | (one e2: E | (all e3: E | (all i4: Int | (some i5: seq/inds[h1.s] | 3 > #(h1.s))))) } for 2 but 2 seq, 3 E
