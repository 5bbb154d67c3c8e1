sig E {}
sig H { items: seq E } { E in items.first }
fact { all h2: H | (lone e3: E | seq/inds[h2.items] in seq/Int) }
fact { all h4: H | ! (minus[0, #h4.items] >= h4.items.lastIdx) }
check { all s1: seq E | #s1 > #seq/elems[s1] implies hasDups[s1] } for 0 seq, 2 H, 3 E, 4 int
