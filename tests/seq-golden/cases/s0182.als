sig E {}
some sig H { items: seq E }
fact { all h2: H | #(seq/elems[h2.items]) >= #(h2.items.indsOf[last[h2.items]]) }
fact { all h3: H | ! (no h3.items) }
check { all h1: H | h1.items.add[h1.items.lastIdx.(h1.items)] != h1.items } for 3 seq, 4 int
