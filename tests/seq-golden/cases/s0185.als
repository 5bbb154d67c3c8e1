sig E {}
sig H { items: seq E, n: seq Int }
pred p[x: seq E] { ((let l5 = x | x in seq/Int -> E)) iff (#(elems[x]) < x.lastIdx) }
fact { all h2: H | (seq/lastIdxOf[h2.items, h2.items.last] =< 4) implies (not seq/isSeq[butlast[h2.n]]) }
fact { all h3: H | isEmpty[h3.items] }
fact { all h4: H | p[h4.items] }
run { some h: H | (sum j: h.n.inds | h.n[j]) < 0 and (all i1: h.n.inds | h.n[i1] >= 0) } for 3 H, 4 int, 3 E, 5 seq
