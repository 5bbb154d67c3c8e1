sig E {}
sig H { items: seq E, n: seq Int }
check { some h1: H | (h1.n.butlast = subseq[h1.n, -1, #(h1.n)]) or ((all i2: Int | idxOf[h1.n, i2] != i2)) } for 2 E, 2 H, 2 seq
