sig E {}
lone sig H { items: seq E, s: seq E }
run { some h1: H | some e: E | not (#h1.items.insert[0, e] = plus[#h1.items, 1]) } for 2 but 3 int, 3 seq, 3 E
