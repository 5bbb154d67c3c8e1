open util/ordering[E]
sig E {}
lone sig H { items: seq E }
pred show { all h1: H | (all e2: E | (one h3: H | (all i4: seq/inds[h1.items] - lastIdx[h1.items] | lt[h1.items[i4], h1.items[i4.plus[1]]]))) }
run show for 5 int, 4 seq, 2 E
