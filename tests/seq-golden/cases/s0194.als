sig E {}
sig H { items: seq E, n: seq Int } { (seq/delete[items, #items] in append[items, items]) implies (seq/lastIdx[n] = 1.mul[#(items)]) }
fact { all h5: H | (one e6: E | h5.n != h5.n.rest) }
run { all h1: H | some e2: E | (let l3 = rest[h1.items.rest] | (some e4: E | (seq/elems[h1.n] in 0 + 1) || (4 in 5))) } for 3 but 4 int, 4 seq, 2 E, 3 H
