sig E {}
sig F extends E {}
lone sig H { items: seq E } { items.inds = 0 }
fun f[x: seq E, y: E]: seq E { butlast[seq/insert[x, #(x), y]] }
run { some h2: H | some s1: seq E | (#s1 >= s1.lastIdx) or seq/isSeq[f[s1.rest, 0.s1]] } for 3 but 4 int, 2 seq, 3 E
