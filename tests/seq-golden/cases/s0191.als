abstract sig E {}
sig F extends E {}
sig H { items: seq E, t: seq F }
run { some h1: H | some e: E | some i: Int | not ((i >= 0 and i =< #h1.items) implies seq/isSeq[h1.items.insert[i, e]]) } for 1 seq, 4 int
