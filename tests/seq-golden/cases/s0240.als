sig E {}
sig H { items: seq E }
run { some h1: H | (one i2: (append[H.items, H.items]).inds | ((all h3: H | #(seq/indsOf[h3.items, E]) <= i2)) and ((some h4: H | seq/indsOf[h4.items, h1.items.first] in inds[H.items]))) } for 3 but 0 seq, 1 E, exactly 2 H
