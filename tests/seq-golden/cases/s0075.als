sig E {}
some sig H { items: seq E }
run { some h1: H | ((all h2: H | lone H.items)) || ((subseq[h1.items, #(h1.items), 2]).insert[h1.items.lastIdxOf[E], E] = h1.items) } for 5 int, 1 H, 3 seq, 2 E
