sig E {}
one sig H { disj items, s: seq E }
assert claim { all s1: seq Int | not ((#(H.s.indsOf[last[H.s]]) > (sum i2: s1.inds | s1[i2])) iff (lastIdx[s1] <= int[first[s1]])) }
check claim for 1 but 3 int, 2 seq, 3 E
