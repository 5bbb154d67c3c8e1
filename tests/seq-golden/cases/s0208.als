abstract sig E {}
sig F extends E {}
sig H { items: seq E, t: seq F }
fun f[x: seq E, y: E]: seq E { (x.setAt[3, y]).append[seq/insert[x, 1, y]] }
fact { all h4: H | (all e5: E | not (h4.t != h4.t)) }
assert claim { all h1: H | (((not (#h1.items != lastIdx[h1.t])) => (h1.t.indsOf[F] in h1.items.inds)) and ((some e2: F | (some h3: H | seq/idxOf[h3.t, e2] >= #(h1.items.inds))))) and seq/isSeq[f[setAt[h1.items, 4, E], first[h1.t]]] }
check claim for 4 int, 3 seq
