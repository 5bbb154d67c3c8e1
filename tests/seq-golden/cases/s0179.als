sig E {}
sig F, G extends E {}
some sig H { items: seq E, s: seq E }
assert claim { all h1: H | (all h2: H | ((some i3: h2.items.inds | H.items = h1.s.add[seq/first[h2.items]])) implies (lastIdx[h2.items] != 3)) }
check claim for 1 but 3 int, 3 seq, 3 E, 3 H
