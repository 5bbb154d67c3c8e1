sig E {}
sig F extends E {}
some sig H { items: seq E, n: seq Int }
fun f[x: seq E, y: E]: Int { 2 }
fact { all h2: H | (some e3: E | 1 =< h2.n[#h2.items]) }
check { some h1: H | (append[h1.n.subseq[3, #(h1.items)], setAt[h1.n, 1, 0]] = h1.n) or h1.items.f[F] <= (#h1.items).minus[#h1.n] } for 3 int
