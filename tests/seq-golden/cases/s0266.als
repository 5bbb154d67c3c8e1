abstract sig E {}
sig F extends E {}
sig H { items: seq E, s: seq E }
run { some s1, s2: seq E | ! ((some h3: H | seq/subseq[s2, #h3.s, 0] != h3.items.add[s2.first])) } for 3 but 4 int, 3 seq, 2 E
