sig E {}
some sig H { items: seq E }
pred p[x: seq E, y: E] { (no i3: inds[x] | (let l4 = x | #x >= #(l4))) }
fun f[x: seq E, y: E]: Int { #(x) }
fact { all h2: H | #(add[h2.items, E]) >= #(h2.items.indsOf[h2.items[-1]]) }
check { all h1: H | ((h1.items != h1.items) and (seq/append[h1.items, h1.items]).p[seq/first[h1.items]]) and (h1.items.append[h1.items]).f[E] < h1.items.f[last[h1.items]] } for 3 but 5 seq, exactly 3 E
