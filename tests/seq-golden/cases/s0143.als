sig E {}
sig H { items: seq E }
fact { all h2: H | (one e3: E | plus[#h2.items, #h2.items] = #(h2.items)) }
fact { all h4: H | (some i5: h4.items.inds | 2 >= #(elems[h4.items])) }
run { some s1: seq E | #s1 = 4 and not seq/hasDups[s1] } for 5 but 3 int, 3 E, 2 H
