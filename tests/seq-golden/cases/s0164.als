sig E {}
sig H { items: seq E }
fun f[x: seq E, y: E]: set E { (insert[x, #x, y]).elems }
run { some s1, s2: seq E | #(((append[s1, s1]).add[f[s2, E]]).indsOf[(insert[s2, 2, s1.last])[minus[#(s2), 0]]]) = lastIdx[s2] } for 2 seq, 3 int
