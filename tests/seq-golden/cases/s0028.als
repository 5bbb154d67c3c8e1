sig E {}
sig F extends E {}
lone sig H { items: seq E }
pred p[x: seq E, y: E] { (some h3: H | seq/indsOf[x, y] = inds[h3.items]) }
run { all h1: H | ((one e2: F | #((append[h1.items, h1.items]).elems) > plus[h1.items.lastIdxOf[e2], 1])) and p[h1.items, 2.(h1.items)] } for 1 seq
