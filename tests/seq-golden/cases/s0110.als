sig E {}
sig F, G extends E {}
sig H { items: seq E }
check { all s1: seq E, e: E, i: Int | (i >= 0 and i =< #s1) implies seq/isSeq[s1.insert[i, e]] } for 2 E, 2 H, 4 int
