sig E {}
sig H { items: seq E }
fun f[x: seq E, y: E]: seq E { x.add[x[#x]] }
fact { all h7: H | seq/Int <: h7.items = h7.items }
run { some s1, s2: seq E | some e3: E | (no e4: E | (no i5: s2.inds | (all h6: H | #(f[s1, e3]) > 2))) } for 3 E, 4 int, 1 seq, 3 H
