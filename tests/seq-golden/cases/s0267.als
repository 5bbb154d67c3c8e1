sig E {}
sig H { items: seq E, n: seq Int }
fun f[x: seq E, y: E]: Int { #(elems[x]) }
check { some h1: H | ((lone e2: E | (no e3: E | ! (not (seq/elems[h1.n] in Int))))) implies h1.items.f[h1.items.last] < (sum i4: h1.n.inds | h1.n[i4]) } for 2 but 4 int, 2 seq, 3 E, 1 H
