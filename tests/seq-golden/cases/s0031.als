sig E {}
lone sig H { items: seq E, s: seq E, cur: lone E }
fun f[x: seq E, y: E]: seq E { seq/append[x.add[y], x.add[y]] }
fact { all h2: H | #(h2.items.setAt[1, first[h2.s]]) < 1 }
fact { all h3: H | h3.items.f[h3.items.first] in h3.s }
assert claim { all h1: H | (#h1.items).plus[1].minus[1] = #h1.items }
check claim for 3 but 4 int, 3 seq, 2 E
