sig E {}
one sig H { items: seq E }
run { some h1: H | lastIdx[insert[H.items, 1, h1.items.first]] != lastIdx[rest[h1.items]] } for 5 but 3 int, 2 seq, 3 E
