sig E {}
lone sig H { items: seq E, s: seq E }
check { all h1: H | #h1.items.append[h1.items] = plus[#h1.items, #h1.items] } for 3 but 3 int, 3 seq
