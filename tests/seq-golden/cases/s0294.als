sig E {}
sig H { items: seq E }
pred p[x: seq E] { (some h3: H | ! (!isEmpty[h3.items.add[seq/first[h3.items]]])) }
fact { all h2: H | (append[h2.items, h2.items]).p }
run { some h1: H | some e: E | not ((add[h1.items, e]).lastIdxOf[e] = #h1.items) } for 3 but 4 int, 5 seq, 2 H
