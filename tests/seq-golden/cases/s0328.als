sig E {}
some sig H { items: seq E } { items != (insert[items, 3, first[items]]).insert[#(items.elems), items.last] }
pred show { some h1: H | (one e2: E | 2 != #(h1.items.insert[0, e2])) }
run show for 3 but 3 int, 3 seq, exactly 2 H
