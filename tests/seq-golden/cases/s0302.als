sig E {}
sig H { disj items, s: seq E }
check { all h1: H, e: E, i: Int | (i >= 0 and i =< #h1.items) implies seq/isSeq[h1.items.insert[i, e]] } for 3 seq
