sig E {}
sig H { items: seq E }
assert claim { all h1: H, e: E, i: Int | (i >= 0 and i =< #h1.items) implies seq/isSeq[seq/insert[h1.items, i, e]] }
check claim for 4 but 5 seq, 1 E, 2 H
