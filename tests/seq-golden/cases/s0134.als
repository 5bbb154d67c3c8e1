open util/ordering[E]
sig E {}
sig H { items: seq E, cur: lone E }
fun f[x: seq E, y: E]: Int { mul[-1, x.lastIdx] }
check { all s1, s2: seq E | some h3: H | ((some e4: E | 4 = #(s1))) implies s2.f[H.items.last] > 4 } for 2 but 5 int, 3 seq, 1 H
