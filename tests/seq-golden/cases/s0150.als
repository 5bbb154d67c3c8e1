sig E {}
sig F, G extends E {}
one sig H { items: seq E } { (insert[items, 2, items.first] = add[items, seq/last[items]]) implies (seq/elems[items] in items.elems) }
fun f[x: seq E, y: E]: seq E { H.items.setAt[#(x), x[3]] }
pred show { some s1, s2: seq E | some e3: E | (let l4 = H.items | hasDups[s2.f[seq/last[H.items]]]) }
run show for 2 E, 2 seq
