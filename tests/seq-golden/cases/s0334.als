sig E {}
some sig H { items: seq E }
assert claim { all h1: H, e: E | (add[h1.items, e]).lastIdxOf[e] = #h1.items }
check claim for 3 seq, 5 int
