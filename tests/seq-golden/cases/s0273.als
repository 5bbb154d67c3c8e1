sig E {}
sig H { items: seq E, s: seq E }
assert claim { all h1: H | all e2: E | (h1.items.elems in h1.s.elems) or ((no h1.items) implies (seq/isSeq[seq/delete[h1.s, 4]])) }
check claim for 2 but 4 int, 5 seq, 3 E, 3 H
