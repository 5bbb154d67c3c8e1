sig E {}
some sig H { items: seq E, n: seq Int }
check { all s1: seq E | some h2: H | (no i3: inds[s1] | setAt[append[H.items, s1.append[H.items]], lastIdx[H.n.insert[0, 1]], (seq/add[s1, last[H.items]])[s1.afterLastIdx]] = s1) } for 2 but 3 int, 0 seq, 3 E
