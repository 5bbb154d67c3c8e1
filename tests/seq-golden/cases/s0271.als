sig E {}
sig F extends E {}
sig H { items: seq E }
pred p[x: seq E, y: E] { not (seq/isSeq[H.items.delete[2]]) }
fact { all h2: H | 5 <= seq/lastIdx[h2.items] }
fact { all h3: H | p[h3.items, last[H.items]] }
check { all s1: seq E | some s1 implies subseq[s1, 1, 0] = s1 } for 2 but 5 int, 4 seq, 3 E, 2 H
