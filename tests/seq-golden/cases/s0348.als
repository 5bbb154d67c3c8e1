sig E {}
lone sig H { items: seq E, n: seq Int }
assert claim { all h1: H | some h1.items implies h1.items.subseq[0, 2] = h1.items }
check claim for 2 E, 2 seq, 4 int
