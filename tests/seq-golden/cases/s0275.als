sig E {}
lone sig H { items: seq E, cur: lone E }
check { some h1: H | (some i2: h1.items.inds | seq/isSeq[h1.items]) } for 1 E, 0 seq, 3 int
