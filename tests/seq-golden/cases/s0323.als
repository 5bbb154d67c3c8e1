sig E {}
sig F, G extends E {}
some sig H { items: seq E }
fact { all h5: H | (1 < 3) iff (#h5.items =< -1) }
check { all h1: H | (all i2: inds[append[h1.items.setAt[#(h1.items), E], insert[h1.items, 4, h1.items.first]]] | (some i3: (h1.items.insert[1, h1.items.last]).inds | (no h4: H | (h1.items.add[seq/last[h1.items]] = subseq[h4.items, #h4.items, i2]) || (2 != afterLastIdx[h4.items])))) } for 4 but 3 seq, 3 E, exactly 1 H
