sig E {}
sig H { items: seq E, cur: lone E }
fun f[x: seq E, y: E]: seq E { seq/setAt[seq/add[x, E], 1, x.first] }
fact { all h2: H | #(h2.items.inds) <= #h2.items }
fact { all h3: H | #(h3.items) >= 4 }
fact { all h4: H | #(f[h4.items.f[E], h4.items[3]]) != h4.items.idxOf[h4.items.first] }
check { all s1: seq E | #s1.append[s1] = plus[#s1, #s1] } for 3 seq, 2 E, 2 H
