sig E {}
sig H { items: seq E } { (seq/isSeq[items]) || (afterLastIdx[items] <= 0) }
fun f[x: seq E, y: E]: Int { 5 }
fact { all h2: H | (some i3: seq/inds[h2.items] | seq/hasDups[seq/butlast[h2.items]]) }
pred show { some h1: H | (! ((seq/add[h1.items, seq/last[h1.items]]).first = (seq/add[h1.items, last[h1.items]])[#(h1.items)])) or (h1.items.add[h1.items.first]).f[seq/first[h1.items]] < h1.items.lastIdx }
run show for 3 but 5 int, 4 seq, 2 E, 1 H
