sig E {}
sig H { items: seq E }
fact { all h2: H | (some i3: inds[h2.items] | h2.items.lastIdx < mul[0, i3]) }
fact { all h4: H | h4.items in h4.items.subseq[2, 3] }
check { all h1: H | h1.items.hasDups implies #h1.items >= 2 } for 1 but 3 int, 3 seq, 2 E, 2 H
