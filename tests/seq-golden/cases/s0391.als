sig E {}
sig F, G extends E {}
lone sig H { items: seq E }
fact { all h2: H | (insert[h2.items, #(h2.items), h2.items.first])[#(h2.items.indsOf[G])] in h2.items.lastIdx.(h2.items) }
fact { all h3: H | (some h3.items) and ((all h4: H | seq/last[h4.items] in h3.items.elems)) }
run { some s1: seq E | s1.elems = E } for 1 but 5 int, 2 seq, 3 E
