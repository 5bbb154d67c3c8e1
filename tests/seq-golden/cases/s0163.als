sig E {}
sig F, G extends E {}
one sig H { items: seq E, n: seq Int, cur: lone E }
fact { (seq/rest[H.n])[0] != (setAt[H.n, #(H.items), 4]).lastIdx }
check { all h1: H | append[H.n, H.n] = H.n } for 4 int, 2 E
