sig E {}
sig H { items: seq E, cur: lone E } { -1 >= #items }
fact { all h2: H | (some e3: E | (let l4 = h2.items | h2.items.inds in seq/Int)) }
run { all h1: H | h1.items = h1.items.insert[h1.items.lastIdxOf[seq/first[h1.items]], h1.items.first] } for 3 but 5 int, 2 seq, 3 E, 1 H
