abstract sig E {}
sig F, G extends E {}
lone sig H { items: seq E, cur: lone E }
fact { all h2: H | ((some e3: E | one h2.items)) && ((all e4: F | seq/setAt[h2.items, 1, e4] != h2.items)) }
fact { all h5: H | seq/isSeq[h5.items] }
check { all h1: H | ((add[h1.items, h1.items.last] = seq/setAt[h1.items, #(h1.items), h1.items.first]) and (0 = plus[0, #(h1.items)])) || (h1.items.add[F] != h1.items) } for 3 but 5 int, 0 seq, 1 E
