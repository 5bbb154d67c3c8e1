sig E {}
lone sig H { items: seq E, n: seq Int }
run { some h1: H, e: E | h1.items.add[e] = h1.items and not seq/isEmpty[h1.items] } for 3 int, 3 seq, 1 E
