sig E {}
sig H { items: seq E }
fact { all h3: H | ((some e4: E | seq/hasDups[h3.items])) => (h3.items.indsOf[seq/first[h3.items]] in seq/inds[h3.items]) }
check { all h1: H | (all h2: H | seq/append[seq/append[h1.items, h1.items], h2.items.append[h1.items]] != h1.items.insert[#(indsOf[h1.items, h1.items.first]), 1.(h1.items)]) } for 4 but 4 int, 1 seq, 2 E, 3 H
