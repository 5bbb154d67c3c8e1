sig E {}
one sig H { items: seq E } { (no i3: items.inds | seq/hasDups[items]) }
fun f[x: seq E, y: E]: seq E { H.items.rest.subseq[lastIdxOf[x, y], lastIdx[x]] }
fact { some h2: H | #(f[f[H.items, seq/first[H.items]], H.items[2]]) < #(h2.items.inds) }
run { some h1: H | not (seq/afterLastIdx[h1.items] = #h1.items) } for 3 E, 4 int
