sig E {}
lone sig H { items: seq E } { (let l3 = setAt[items, #items, items.last] | (all e4: E | seq/lastIdx[l3] =< plus[#l3, #(l3)])) }
fun f[x: seq E, y: E]: seq E { (seq/append[x, x]).add[y] }
fact { all h2: H | seq/isSeq[f[append[h2.items, h2.items], h2.items[0]]] }
pred show { some h1: H | #h1.items = 2 }
run show for 3 seq, 4 int
