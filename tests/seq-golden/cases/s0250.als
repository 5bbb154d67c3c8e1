sig E {}
sig H { items: seq E, n: seq Int }
fun f[x: seq E, y: E]: Int { x.lastIdxOf[y] }
fact { all h2: H | not seq/hasDups[h2.items.add[seq/last[h2.items]]] }
fact { some h3: H | f[seq/setAt[h3.items, 3, E], h3.items.last] = h3.n.lastIdx }
check { all h1: H | all e: E | #h1.items.insert[0, e] = plus[#h1.items, 1] } for 3 int
