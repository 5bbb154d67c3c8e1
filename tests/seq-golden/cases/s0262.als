sig E {}
some sig H { items: seq E, s: seq E }
fact { all h2: H | (not (H.items.add[H.items.first] = h2.s)) || (#(inds[h2.items]) < #(h2.items)) }
fact { all h3: H | not (#H.items >= #h3.items) }
pred show { some h1: H | one h1.items.add[(H.items.add[H.items.first]).last] }
run show for 3 but 3 int, 2 seq, 2 E, exactly 2 H
