sig E {}
sig F, G extends E {}
lone sig H { items: seq E, cur: lone E }
fact { all h4: H | lastIdxOf[h4.items, h4.cur] =< h4.items.idxOf[h4.items.first] }
run { some h1: H | some e2: E | (all i3: inds[h1.items] | i3 = #h1.items) } for 2 but 4 int, 3 seq, 1 E
