sig E {}
sig F, G extends E {}
sig H { items: seq E, t: seq F, cur: lone E }
pred p[x: seq E] { #(x) >= #(subseq[x, #x, 1]) }
fact { all h2: H | not (2 >= seq/lastIdxOf[h2.items, h2.t.last]) }
fact { some h3: H | h3.items.p }
check { all s1: seq E, e: E | e in elems[add[s1, e]] } for 3 E, 3 int, 2 H
