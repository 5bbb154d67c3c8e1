abstract sig E {}
sig F extends E {}
one sig H { disj items, s: seq E }
fun f[x: seq E, y: E]: seq E { add[H.s, y] }
fact { (seq/lastIdxOf[H.s, first[H.s]]).mul[2] > 1 }
run { some disj s1, s2: seq E | ((all i3: Int | seq/hasDups[H.s])) and f[H.s, F] = H.items.delete[0] } for 2 but 5 int, 1 seq, 3 E
