open util/ordering[E]
sig E {}
sig H { items: seq E }
fact { all h2: H | ! (6 = h2.items.lastIdx) }
check { all h1: H, e: E, i: Int | i in seq/inds[h1.items] implies (h1.items.setAt[i, e])[i] = e } for 3 but 4 int, 5 seq, 2 H
