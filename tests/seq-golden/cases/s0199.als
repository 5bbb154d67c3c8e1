sig E {}
lone sig H { items: seq E }
fact { all h2: H | (some h3: H | (all e4: E | h3.items.add[E] = seq/add[h2.items, E])) }
run { some h1: H | (plus[#h1.items, #h1.items] > lastIdx[h1.items]) and ((1 in h1.items.inds) implies (seq/isSeq[seq/delete[h1.items, -1]])) } for 4 int, 0 seq
