sig E {}
one sig H { items: seq E, n: seq Int } { n in n }
check { #H.items.append[H.items] = plus[#H.items, #H.items] } for 1 but 3 int, 3 seq, 3 E
