sig E {}
sig H { items: seq E, cur: lone E }
pred p[x: seq E] { (some e4: E | (let l5 = x | some l5)) }
fun f[x: seq E, y: E]: seq E { (x.insert[#x, y]).butlast }
fact { all h2: H | (append[h2.items, h2.items]).isEmpty }
fact { some h3: H | (seq/delete[h3.items, #(h3.items)]).p or seq/isSeq[(add[h3.items, last[h3.items]]).f[h3.cur]] }
run { some s1: seq E | not (#s1 < 3) } for 4 but 4 int, 3 seq, 1 E, 2 H
