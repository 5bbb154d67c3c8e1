sig E {}
lone sig H { items: seq E }
fact { all h2: H | (all i3: h2.items.inds | #(elems[h2.items]) != i3) }
run { some h1: H | #seq/append[h1.items, h1.items] < plus[#h1.items, #h1.items] } for 4 but 4 int, 3 E
