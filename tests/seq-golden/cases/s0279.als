sig E {}
sig F, G extends E {}
sig H { items: seq E, t: seq F }
fun f[x: seq E, y: E]: seq E { x.delete[#(x)] }
fact { all h2: H | (all h3: H | seq/idxOf[h2.items, h2.items.last] =< 0) }
fact { some h4: H | #((add[h4.t, seq/first[h4.items]]).f[2.(h4.items)]) =< lastIdxOf[h4.items, E] }
run { some h1: H | #h1.items.append[h1.t] < plus[#h1.items, #h1.t] } for 2 seq, 5 int
