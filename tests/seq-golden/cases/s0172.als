sig E {}
sig H { items: seq E, n: seq Int }
fact { all h2: H | (some e3: E | 3.minus[1] > #h2.items) }
fact { all h4: H | (no i5: h4.items.inds | seq/append[h4.items, h4.items] = delete[h4.items, #h4.items]) }
assert claim { all h1: H, i: Int | i in inds[h1.items] implies #seq/delete[h1.items, i] = minus[#h1.items, 1] }
check claim for 4 int
