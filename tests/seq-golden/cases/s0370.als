open util/ordering[E]
sig E {}
lone sig H { disj items, s: seq E }
fact { all h5: H | (no e6: E | h5.s in Int -> lone E) }
run { some h1: H | ((some i2: inds[h1.s] | (no e3: E | (some i4: h1.s.inds | h1.items in rest[h1.s])))) || ((h1.items.delete[#(h1.items)]).elems = last.prevs) } for 4 int, 1 E, 2 seq
