sig E {}
some sig H { items: seq E, n: seq Int, cur: lone E }
fact { all h2: H | (h2.items.append[h2.items]).insert[#(h2.items.inds), h2.items.first] != h2.items }
assert claim { all h1: H | all e: E | lastIdxOf[add[h1.items, e], e] = #h1.items }
check claim for exactly 1 E, 3 seq, 3 H, 4 int
