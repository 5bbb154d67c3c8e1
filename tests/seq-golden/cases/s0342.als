sig E {}
one sig H { items: seq E }
pred p[x: seq E] { plus[H.items.idxOf[seq/last[H.items]], #(inds[x])] =< 1 }
fun f[x: seq E, y: E]: seq E { seq/add[x, y] }
fact { all h3: H | (append[h3.items, H.items]).p or #(H.items.f[(#H.items).(H.items)]) < seq/lastIdx[h3.items] }
assert claim { all disj s1, s2: seq E | (elems[s1] = s2.elems and #s1 = #s2) implies s1 = s2 }
check claim for 3 E, 0 seq, 4 int
