sig E {}
sig H { items: seq E, n: seq Int } { (some e3: E | n[#n] <= items.lastIdx) }
fun f[x: seq E, y: E]: seq E { seq/butlast[x] }
fact { some h2: H | #(f[seq/add[h2.items, h2.items.first], h2.items[1]]) = 4 }
run { some h1: H | not (seq/idxOf[h1.items, seq/first[h1.items]] = 0) } for 3 seq, 5 int
