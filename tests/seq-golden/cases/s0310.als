sig E {}
one sig H { items: seq E, n: seq Int }
pred p[x: seq E, y: E] { (one i3: H.items.inds | (let l4 = H.n | int[seq/first[l4]] != i3)) }
fun f[x: seq E, y: E]: Int { #x }
fact { (all i1: H.n.inds | p[H.items, seq/first[H.items]]) }
fact { (let l2 = H.items | f[H.items, l2.first] =< #H.items) }
run { (p[H.items, H.items.last]) or f[H.items, 4.(H.items)] =< minus[2, 1] } for 4 int
