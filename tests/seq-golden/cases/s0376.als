open util/ordering[E]
sig E {}
one sig H { items: seq E } { #(items) = #(elems[items]) }
pred p[x: seq E, y: E] { x.lastIdx.plus[#H.items] = 7 }
fact { all h1: H | (h1.items.delete[3]).p[seq/first[H.items]] }
run { not (#H.items.append[H.items] = plus[#H.items, #H.items]) } for 4 int, 2 seq, 2 E
