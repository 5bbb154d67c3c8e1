sig E {}
one sig H { items: seq E, cur: lone E }
fun f[x: seq E, y: E]: seq E { (seq/append[H.items, x]).delete[#(x)] }
fact { (no e2: E | (one i3: Int | #(H.items.indsOf[e2]) < 3)) }
fact { all h4: H | seq/isSeq[f[H.items, E]] }
check { all s1: seq E | #append[s1, s1] = plus[#s1, #s1] } for 3 but 3 int, 1 E
