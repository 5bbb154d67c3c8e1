open util/ordering[E]
sig E {}
one sig H { items: seq E, n: seq Int }
pred p[x: seq E] { (lone e1: E | elems[H.items] = E) }
check { (#(add[add[H.n, 2], 1]) >= #(delete[H.n.add[0], H.n.lastIdxOf[2]])) or (subseq[H.items, 3, 2]).p } for 3 but 3 int
