sig E {}
lone sig H { items: seq E }
pred p[x: seq E, y: E] { (one i3: seq/inds[x] | (seq/inds[x] = seq/Int) or (x.elems in E)) }
fact { all h2: H | p[h2.items, E] }
run { some h1: H, e: E | h1.items.add[e] = h1.items and #h1.items < 3 } for 3 int, 3 E
