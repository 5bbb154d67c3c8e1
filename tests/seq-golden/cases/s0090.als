sig E {}
lone sig H { disj items, s: seq E, cur: lone E }
fun f[x: seq E, y: E]: seq E { seq/rest[x.add[E]] }
fact { all h2: H | (some e3: E | (one h4: H | 1 =< #h4.items)) }
fact { all h5: H | (one e6: E | #(seq/inds[h5.items]) = 8) }
fact { some h7: H | #(f[seq/insert[h7.s, 2, E], h7.s.first]) < 2 }
run { some h1: H | #h1.items = 1 } for 3 but 4 int, 1 seq
