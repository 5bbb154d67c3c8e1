sig E {}
one sig H { items: seq E } { (#(seq/inds[items]) <= idxOf[items, items.first]) and (elems[items] in seq/elems[items]) }
pred p[x: seq E, y: E] { (all e3: E | (some e4: E | x.elems in E)) }
fact { some h2: H | p[h2.items, E] }
run { some h1: H, e: E, i: Int | not (i in h1.items.inds implies (setAt[h1.items, i, e])[i] = e) } for 3 E, 3 int
