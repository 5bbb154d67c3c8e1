sig E {}
sig H { items: seq E }
pred p[x: seq E, y: E] { (no h3: H | (let l4 = x | elems[l4] in E)) }
fun f[x: seq E, y: E]: seq E { x.add[y] }
fact { all h2: H | p[h2.items, h2.items[#(h2.items)]] or seq/isSeq[f[h2.items, first[h2.items]]] }
pred show { some s1: seq E | some e: E | some i: Int | not (i in s1.inds implies (setAt[s1, i, e])[i] = e) }
run show for 2 seq
