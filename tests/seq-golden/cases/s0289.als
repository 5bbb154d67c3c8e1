open util/ordering[E]
sig E {}
sig H { items: seq E } { -1 in inds[items] }
fact { all h2: H | seq/isSeq[h2.items.butlast] }
fact { all h3: H | (one h4: H | (#(h3.items)).mul[1] =< #h3.items) }
run { some s1: seq E | #append[s1, s1] = 2 } for 3 but 2 seq, 2 E, 2 H
