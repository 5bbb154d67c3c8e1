sig E {}
sig H { items: seq E, n: seq Int }
fun f[x: seq E, y: E]: seq E { seq/butlast[x.setAt[#x, y]] }
fact { all h2: H | ((int[h2.n.first] < plus[0, 2]) && (hasDups[h2.items.add[E]])) || ((all h3: H | h3.items.f[E] in h2.items)) }
fact { all h4: H | (no h5: H | 0 in inds[h4.n]) }
check { all s1: seq E | s1.afterLastIdx = #s1 } for 5 but 3 int, 1 seq, 2 E, 1 H
