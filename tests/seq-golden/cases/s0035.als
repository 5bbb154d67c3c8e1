sig E {}
sig H { items: seq E }
check { all h1: H | (lone e2: E | not (insert[setAt[h1.items, 3, e2], #(h1.items), h1.items.first]).isEmpty) } for 2 but 3 int, 3 seq, 2 E, 3 H
