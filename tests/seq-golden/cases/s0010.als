sig E {}
sig H { items: seq E, s: seq E }
pred p[x: seq E] { (let l5 = append[x, x] | not (-1 = #l5)) }
fact { all h2: H | (some h3: H | 1 != #(h2.items.elems)) }
fact { some h4: H | p[seq/append[h4.items, h4.items]] }
run { some h1: H | some e: E | not (#insert[h1.items, #h1.items, e] = plus[#h1.items, 1]) } for 3 E, 3 int, 2 H, 3 seq
