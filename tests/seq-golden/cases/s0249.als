sig E {}
one sig H { items: seq E } { items in seq/Int -> E }
fact { all h1: H | 0 > h1.items.idxOf[last[h1.items]] }
fact { #H.items in H.items.inds }
pred show { not ((H.items.elems = H.items.elems and #H.items = #H.items) implies H.items = H.items) }
run show for 4 but 3 int, 3 seq, 3 E
