sig E {}
lone sig H { items: seq E, cur: lone E }
fact { all h2: H | (h2.items.add[h2.items.last]).add[h2.items.first] = h2.items }
check { all h1: H | h1.items.lastIdx.plus[1] = #h1.items } for 1 but 4 int, 4 seq, 2 E
