sig E {}
some sig H { items: seq E, s: seq E }
pred p[x: seq E, y: E] { (x.add[y]).subseq[minus[#x, #x], x.afterLastIdx] = (seq/subseq[x, #(x), #x]).setAt[lastIdx[x], last[x]] }
fact { all h2: H | (4 = 1) => (h2.items.rest = h2.items.butlast) }
fact { some h3: H | p[seq/add[h3.items, E], h3.items.first] }
check { all s1: seq E, i: Int | i in s1.inds implies #s1.delete[i] = minus[#s1, 1] } for 4 int, 3 seq, 2 H, 1 E
