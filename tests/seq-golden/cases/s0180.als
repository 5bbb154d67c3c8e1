sig E {}
sig F, G extends E {}
lone sig H { items: seq E, n: seq Int }
fact { all h2: H | seq/lastIdxOf[h2.n, 1] < plus[#h2.items, 1] }
run { some h1: H | (seq/delete[seq/rest[h1.items], h1.n.afterLastIdx]).add[h1.items[lastIdx[h1.n]]] != h1.items } for 2 but 3 E
