sig E {}
sig H { items: seq E, s: seq E }
pred p[x: seq E, y: E] { (all h3: H | (no h4: H | afterLastIdx[h3.items] != #h3.items)) }
fact { all h2: H | p[h2.items, h2.s[#h2.s]] }
check { all h1: H | not (#h1.items = 3) } for 3 but 4 int, 4 seq, exactly 1 H
