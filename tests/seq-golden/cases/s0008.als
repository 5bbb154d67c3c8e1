sig E {}
lone sig H { items: seq E, cur: lone E }
pred p[x: seq E] { hasDups[x] }
run { some h1: H | ((lone e2: E | (no e3: E | h1.items.subseq[#h1.items, #h1.items] != h1.items.append[h1.items]))) and p[seq/add[h1.items, h1.cur]] } for 4 but 1 E
