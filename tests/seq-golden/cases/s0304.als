sig E {}
sig H { items: seq E, cur: lone E }
check { all h1: H | ! ((some h2: H | seq/isSeq[seq/delete[seq/insert[h2.items, #h2.items, h2.cur], afterLastIdx[h2.items]]])) } for 1 but 4 int, 2 seq, 3 E, exactly 2 H
