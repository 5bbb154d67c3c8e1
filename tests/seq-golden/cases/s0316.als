sig E {}
sig H { items: seq E, n: seq Int }
fun f[x: seq E, y: E]: set E { (x.subseq[#x, #(x)]).elems }
fact { some h3: H | f[h3.items, h3.items.first] in (seq/insert[h3.items, #h3.items, E]).elems }
run { some s1, s2: seq E | #s1.append[s2] = #s1 } for 2 but 4 int, 1 seq, exactly 2 E
