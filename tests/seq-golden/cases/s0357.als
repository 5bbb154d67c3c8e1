sig E {}
sig H { items: seq E, n: seq Int }
pred p[x: seq E, y: E] { delete[seq/add[x, y], x.afterLastIdx] = x }
fact { all h2: H | (no e3: E | h2.items.p[e3]) }
check { all h1: H | all e: E | (h1.items.add[e]).butlast = h1.items } for 4 but 4 int, 2 E, 1 H
