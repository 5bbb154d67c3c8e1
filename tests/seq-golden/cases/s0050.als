sig E {}
some sig H { items: seq E, n: seq Int }
check { all h1: H | (no i2: Int | #h1.n in (h1.n.insert[i2, -1]).inds) } for 3 but 4 int, 5 seq, 2 H
