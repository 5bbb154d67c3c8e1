sig E {}
sig H { items: seq E }
pred p[x: seq E] { (lone e3: E | (1 != 1) implies (#(x) = x.lastIdxOf[e3])) }
fact { some h2: H | p[h2.items] }
run { some s1: seq E | #s1 = 0 } for 3 E, 5 int, 0 seq, 3 H
