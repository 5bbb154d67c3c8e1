abstract sig E {}
sig F extends E {}
one sig H { items: seq E, t: seq F } { items[1] in (seq/setAt[items, #t, items.first])[#(t.indsOf[first[items]])] }
fun f[x: seq E, y: E]: seq E { insert[H.items, H.items.afterLastIdx, y] }
fact { ((one e2: F | 1 > seq/lastIdx[H.items])) implies ((lone e3: E | #H.items > #H.items)) }
fact { all h4: H | f[H.t, E] in H.items }
run { some s1: seq E | #append[s1, s1] > 0 } for 0 seq, 2 E
