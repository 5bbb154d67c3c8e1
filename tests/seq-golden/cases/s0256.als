abstract sig E {}
sig F extends E {}
sig H { items: seq E, s: seq E }
fact { all h2: H | ((h2.s.add[h2.s.last]).add[0.(h2.items)]).hasDups }
assert claim { all h1: H | (insert[delete[h1.items, -1], 1, F]).lastIdx < lastIdx[(setAt[h1.items, #h1.items, last[h1.s]]).setAt[0, h1.s[2]]] }
check claim for 2 E, 2 seq, 2 H
