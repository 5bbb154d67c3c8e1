open util/ordering[E]
sig E {}
one sig H { items: seq E, s: seq E } { (1 in items.inds) || (f[s, E] < #s) }
fun f[x: seq E, y: E]: Int { #(seq/add[x, last.prev]) }
pred show { some s1: seq E | ((all i2: inds[H.items] - seq/lastIdx[H.items] | lt[H.items[i2], H.items[i2.plus[1]]])) or f[H.s.butlast, H.s[0]] <= 1.minus[1] }
run show for 2 but 5 int, 0 seq, 3 E
