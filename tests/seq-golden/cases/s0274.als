sig E {}
sig H { items: seq E } { #items =< #(seq/inds[items]) }
fun f[x: seq E, y: E]: seq E { seq/butlast[x] }
run { all h1: H | some e2: E | ((one e3: E | (all e4: E | (no h5: H | some h5.items)))) and seq/isSeq[f[subseq[h1.items, 1, 1], e2]] } for 5 but 4 int, 3 seq, 3 E, 1 H
