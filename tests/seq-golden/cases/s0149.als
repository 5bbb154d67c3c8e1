sig E {}
sig F extends E {}
sig H { items: seq E }
fun f[x: seq E, y: E]: set E { (seq/setAt[x, #x, y]).elems }
fact { all h2: H | -1 != 5 }
fact { some h3: H | f[h3.items.add[E], F] != seq/elems[h3.items] }
assert claim { all h1: H | all e: E | seq/last[h1.items.add[e]] = e }
check claim for 5 but 4 int, 3 E, 2 H
