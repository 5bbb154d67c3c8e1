sig E {}
some sig H { items: seq E, s: seq E }
assert claim { all h1: H | seq/rest[h1.items] = h1.items.delete[0] }
check claim for 3 but 2 seq, 2 H
