sig E {}
lone sig H { items: seq E, n: seq Int }
fun f[x: seq E, y: E]: seq E { (add[x, E]).append[x.insert[6, y]] }
fact { all h2: H | seq/subseq[h2.items, #(inds[h2.items]), h2.n.idxOf[3]] != h2.items }
check { all h1: H | (! ((not (h1.items.indsOf[E] = inds[h1.items])) implies (seq/append[seq/insert[h1.n, #(h1.n), 1], h1.n] = butlast[h1.n.rest]))) and #(f[rest[h1.items], h1.items[#h1.n]]) >= h1.n.afterLastIdx } for 5 seq, 2 E, 4 int
