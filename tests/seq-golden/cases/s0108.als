sig E {}
some sig H { items: seq E }
pred p[x: seq E] { ((all h3: H | 3 <= h3.items.idxOf[h3.items.first])) implies ((all e4: E | f[x, e4] =< #(x))) }
fun f[x: seq E, y: E]: Int { #x }
check { all h1: H | all e2: E | (p[seq/rest[h1.items.delete[#h1.items]]]) implies f[seq/insert[h1.items, #h1.items, e2], h1.items[#(h1.items)]] >= plus[#h1.items, 1] } for 3 but 3 int, 3 seq, 2 E
