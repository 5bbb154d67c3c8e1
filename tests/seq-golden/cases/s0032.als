sig E {}
some sig H { items: seq E, n: seq Int }
fact { all h2: H | (all e3: E | 8.plus[1] >= #(h2.n)) }
check { all h1: H | (isSeq[butlast[h1.n.rest]]) iff (h1.n = (insert[h1.n, #(h1.items), 0]).add[0]) } for 0 but 4 int, 3 E, 2 H
