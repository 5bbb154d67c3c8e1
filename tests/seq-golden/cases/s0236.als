abstract sig E {}
sig F extends E {}
one sig H { items: seq E } { (let l4 = items | #(f[l4, F]) <= 2) }
pred p[x: seq E, y: E] { #(x.elems) != lastIdxOf[x, y] }
fun f[x: seq E, y: E]: seq E { add[H.items, first[x]] }
fact { all h3: H | add[h3.items, F] = H.items }
run { some h1: H | some e2: E | ((h1.items in setAt[h1.items, 2.plus[1], (#h1.items).(H.items.setAt[#(H.items), e2])]) and p[h1.items, H.items[#h1.items]]) and H.items.f[e2] = H.items.add[e2] } for 4 but 3 E
