sig E {}
sig F, G extends E {}
one sig H { items: seq E, cur: lone E }
pred p[x: seq E, y: E] { (lone e3: G | (some e4: E | lastIdx[H.items] <= 2)) }
fact { some h2: H | p[h2.items.rest, H.items[#H.items]] }
pred show { some s1: seq E | #s1 = 1 }
run show for 3 int, 1 seq
