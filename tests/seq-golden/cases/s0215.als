open util/ordering[E]
sig E {}
sig H { items: seq E }
run { some h2: H | some s1: seq Int | (all i3: inds[h2.items] - h2.items.lastIdx | lt[h2.items[i3], h2.items[i3.plus[1]]]) } for 3 but 4 int, 4 seq, 1 E, 2 H
