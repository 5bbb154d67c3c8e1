sig E {}
sig H { items: seq E, n: seq Int }
fact { all h2: H | ! (seq/elems[h2.n] in 1 + 2) }
run { some h1: H | some e: E | h1.items.add[e] = h1.items and #h1.items < 3 } for 4 but 4 int, 3 seq, 1 E, 2 H
