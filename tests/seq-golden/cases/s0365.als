abstract sig E {}
sig F, G extends E {}
some sig H { items: seq E }
fact { all h4: H | (1.plus[5] >= #(h4.items)) && (plus[#h4.items, #h4.items] =< #(seq/inds[h4.items])) }
run { some h1: H | some e2: E | ((some h3: H | no h1.items)) or (elems[add[h1.items, e2]] in F) } for 3 but 4 int, 4 seq, 3 E, 2 H
