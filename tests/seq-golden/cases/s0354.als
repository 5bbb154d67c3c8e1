sig E {}
sig F, G extends E {}
sig H { items: seq E, n: seq Int }
check { all s1: seq E | seq/idxOf[s1, s1.first] = 0 } for 3 int
