sig E {}
sig F extends E {}
lone sig H { items: seq E }
fact { all h3: H | !((seq/setAt[h3.items, 1, E]).append[h3.items]).hasDups }
check { all h1: H | (! (seq/hasDups[append[h1.items, h1.items]])) && ((one i2: h1.items.inds | F in h1.items.elems)) } for 1 but 0 seq, 2 E
