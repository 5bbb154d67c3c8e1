sig E {}
lone sig H { items: seq E, s: seq E }
pred p[x: seq E, y: E] { plus[afterLastIdx[x], 2] >= #(elems[x.add[y]]) }
run { some h1: H | (((let l2 = h1.s | #(h1.items.elems) = #l2)) && ((some h3: H | (seq/insert[h1.s, #h3.items, h1.s.first]).hasDups))) or p[h1.s, h1.s[2]] } for 3
