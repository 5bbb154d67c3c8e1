sig E {}
sig F, G extends E {}
lone sig H { items: seq E, n: seq Int }
pred p[x: seq E] { (all i3: Int | ! (F in seq/elems[x])) }
fact { all h2: H | h2.items.p }
pred show { some s1: seq E | not (afterLastIdx[s1] = #s1) }
run show for 3 but 3 int, 3 seq, 2 E
