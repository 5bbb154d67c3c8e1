sig E {}
lone sig H { items: seq E, n: seq Int, cur: lone E }
assert claim { all h1: H, e: E | #insert[h1.items, 0, e] = plus[#h1.items, 1] }
check claim for 1 but 3 int, 3 seq, 2 E
