sig E {}
sig H { items: seq E, cur: lone E }
fun f[x: seq E, y: E]: set E { (append[x, x]).elems }
assert claim { all h1: H | all e2: E | (((seq/elems[h1.items] = E) => (plus[-1, -1] >= 1)) iff (2 <= #(h1.items))) and h1.items.f[e2] = h1.items.elems }
check claim for 4 but 2 E, 2 H
