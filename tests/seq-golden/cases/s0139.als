sig E {}
sig F, G extends E {}
sig H { items: seq E, t: seq F }
fact { all h2: H | (subseq[h2.items, #h2.t, 1]) :> G = subseq[h2.items, #h2.t, 1] }
assert claim { all s1: seq E | not (#seq/Int = 2) }
check claim for 1 seq, 2 H, 3 E
