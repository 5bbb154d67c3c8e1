sig E {}
sig H { items: seq E }
run { some h1: H | some e2: E | ((lastIdx[h1.items]).minus[2]).(seq/add[h1.items.insert[#h1.items, e2], E]) = e2 } for 2 but 3 int, 2 seq, 3 E
