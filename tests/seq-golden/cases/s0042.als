open util/ordering[E]
sig E {}
some sig H { disj items, s: seq E }
fact { all h2: H | (one i3: seq/inds[h2.s] | 1.plus[-1] > lastIdx[h2.items]) }
fact { all h4: H | not (1.plus[2] <= seq/idxOf[h4.s, first]) }
check { all h1: H | some h1.items implies lastIdx[h1.items].plus[1] = #h1.items } for 5 but 3 int, 3 seq, 3 E, 3 H
