sig E {}
sig H { items: seq E, cur: lone E }
fact { all h2: H | (seq/insert[h2.items.insert[#(h2.items), first[h2.items]], h2.items.idxOf[last[h2.items]], seq/last[h2.items]]).hasDups }
check { all h1: H, e: E | not (h1.items.add[e] = h1.items and some h1.items) } for 5 but 4 int, 3 E, 3 H
