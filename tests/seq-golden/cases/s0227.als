sig E {}
one sig H { items: seq E }
fun f[x: seq E, y: E]: seq E { (H.items.insert[-1, y]).setAt[3, first[x]] }
fact { all h2: H | (#H.items <= h2.items.idxOf[H.items.first]) or (H.items.idxOf[E] >= #(H.items)) }
fact { H.items in (H.items.setAt[#H.items, E]).add[H.items[-1]] }
fact { some h3: H | #(f[seq/subseq[h3.items, #h3.items, 2], E]) > H.items.lastIdx }
check { all s1: seq E | #seq/append[s1, s1] = plus[#s1, #s1] } for 3 E, 3 int
