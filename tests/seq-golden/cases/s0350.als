sig E {}
some sig H { items: seq E, s: seq E }
fun f[x: seq E, y: E]: seq E { x.butlast.append[x.add[y]] }
fact { all h2: H | (all h3: H | seq/last[h2.items] in E) }
fact { some h4: H | (seq/setAt[h4.s, 3, seq/first[h4.s]]).f[h4.items.last] = h4.s }
check { all s1: seq E | afterLastIdx[s1] = #s1 } for 3 E, 1 H, 2 seq, 5 int
