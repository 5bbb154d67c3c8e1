abstract sig E {}
sig F, G extends E {}
one sig H { disj items, s: seq E }
run { some e1: E | (some i2: Int | #H.items in (H.s.delete[i2]).inds) } for 3 but 4 int, 3 seq, 2 E
