sig E {}
sig H { items: seq E, s: seq E, cur: lone E }
run { all h1: H | ((some e2: E | (append[h1.s, h1.items] = h1.items.delete[#(h1.s)]) && (seq/hasDups[insert[h1.s, 0, e2]]))) || ((all e3: E | (h1.items.delete[#h1.items] in h1.items) || (no h1.s))) } for 0 seq, 3 int
