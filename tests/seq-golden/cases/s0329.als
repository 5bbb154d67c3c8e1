sig E {}
one sig H { items: seq E, cur: lone E } { (all e2: E | (append[items, items]).isEmpty) }
pred p[x: seq E] { lastIdxOf[x.add[first[H.items]], H.cur] =< seq/lastIdx[x] }
fact { some h1: H | (h1.items.subseq[0, #h1.items]).p }
check { (elems[H.items] = H.items.elems and #H.items = #H.items) implies H.items = H.items } for 3 seq, 3 int
