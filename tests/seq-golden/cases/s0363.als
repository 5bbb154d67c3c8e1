sig E {}
sig H { items: seq E } { (some e3: E | (all i4: items.inds | seq/isSeq[items.f[e3]])) }
fun f[x: seq E, y: E]: seq E { x.add[last[x]] }
check { all disj s1, s2: seq E | (s2.append[s2].elems in E) or f[s1, seq/first[s2]] = s1 } for 3 but 3 seq, 2 E, 2 H
