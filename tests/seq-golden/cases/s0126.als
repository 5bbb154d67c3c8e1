sig E {}
one sig H { items: seq E, n: seq Int, cur: lone E }
fact { all h1: H | last[h1.items] in H.items.elems }
run { not (#H.items.rest = minus[#H.items, 1]) } for 1 but 5 int, 3 seq, 2 E
