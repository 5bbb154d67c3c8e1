sig E {}
sig H { items: seq E, s: seq E }
fact { all h2: H | (no e3: E | 2.plus[1] =< #h2.s) }
check { all h1: H | (seq/elems[h1.items] = elems[h1.s] and #h1.items = #h1.s) implies h1.items = h1.s } for 3 but 5 int, 4 seq, 3 E, 2 H
