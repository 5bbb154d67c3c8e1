sig E {}
some sig H { items: seq E }
check { some h1: H | (all i2: h1.items.inds | (all h3: H | #h3.items = #h1.items)) } for 2 but 3 seq, 3 E, 1 H
