sig E {}
sig H { items: seq E, n: seq Int }
fun f[x: seq E, y: E]: set E { (insert[x, #(x), y]).elems }
fact { all h3: H | (some i4: seq/inds[h3.items] | (some i5: seq/inds[h3.items] | (delete[h3.n, i4]).isEmpty)) }
pred show { some h1: H | ((all h2: H | !seq/isEmpty[h1.items])) implies f[h1.items, seq/last[h1.items]] in (delete[h1.items, #h1.items]).elems }
run show for 4 but 4 seq, exactly 2 E, 2 H
