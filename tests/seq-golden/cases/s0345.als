abstract sig E {}
sig F extends E {}
sig H { items: seq E, n: seq Int }
fact { all h2: H | (0.mul[#h2.items] >= #h2.n) or (plus[#h2.n, #h2.items] <= int[h2.n.first]) }
fact { all h3: H | (seq/delete[h3.items, #h3.n] = h3.items) || (1 >= seq/lastIdx[h3.items]) }
check { all h1: H | h1.items.rest = h1.items.delete[0] } for 1 but exactly 2 E, 2 H
