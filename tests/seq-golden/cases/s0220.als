sig E {}
one sig H { items: seq E, n: seq Int }
check { all s1: seq E | all e2: E | (one i3: seq/inds[H.n] | (all i4: s1.inds | no H.items)) } for 3 but 4 int, 2 seq, 2 E
