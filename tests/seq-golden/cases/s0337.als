sig E {}
sig F extends E {}
some sig H { items: seq E }
fact { all h2: H | (all e3: E | !seq/isSeq[seq/insert[h2.items, #h2.items, F]]) }
run { some s1: seq E | #s1.append[s1] > #s1 } for 2 but 4 int, 4 seq, 3 E
