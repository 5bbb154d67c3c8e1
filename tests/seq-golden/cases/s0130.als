sig E {}
one sig H { items: seq E, n: seq Int }
pred p[x: seq E] { (all i5: H.items.inds | ! (H.n[i5] >= seq/lastIdxOf[H.n, -1])) }
check { all disj s1, s2: seq E | all e3: E | ((one i4: seq/inds[seq/insert[H.n, #(H.n), -1]] | not (s2.lastIdxOf[E] != #H.n))) and p[s1] } for 5 but 4 int, 1 seq, 2 E
