sig E {}
some sig H { items: seq E, n: seq Int }
fact { all h2: H | (no i3: Int | isEmpty[h2.n]) }
fact { all h4: H | (some e5: E | (one e6: E | one h4.items)) }
check { all h1: H | not (#h1.items.append[h1.items] != plus[#h1.items, #h1.items]) } for 3 seq, 4 int
