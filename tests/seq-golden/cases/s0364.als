sig E {}
lone sig H { items: seq E }
pred p[x: seq E] { 2 < #(elems[add[x, x.first]]) }
fact { some h2: H | (seq/add[h2.items, h2.items.first]).p }
run { some s1: seq E | s1.inds = seq/Int } for 2 seq, 3 int, exactly 3 E
