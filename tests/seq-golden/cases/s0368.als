sig E {}
some sig H { items: seq E, s: seq E } { seq/rest[s] = s }
fact { all h2: H | h2.s in Int -> lone E }
fact { all h3: H | h3.s.afterLastIdx >= 0 }
check { all h1: H | h1.items.butlast = h1.items.delete[h1.items.lastIdx] } for 0 seq, 4 int
