sig E {}
sig H { items: seq E }
assert claim { all h1: H | seq/Int <: (insert[add[h1.items, seq/first[h1.items]], #h1.items, last[h1.items]]) = insert[add[h1.items, seq/first[h1.items]], #h1.items, last[h1.items]] }
check claim for exactly 2 E, 2 H, 0 seq, 4 int
