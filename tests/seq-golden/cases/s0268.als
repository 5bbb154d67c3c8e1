sig E {}
some sig H { items: seq E, n: seq Int }
assert claim { all s1: seq E | some s1 implies s1.subseq[1, 2] = s1 }
check claim for 2 seq, 3 E, 2 H, 4 int
