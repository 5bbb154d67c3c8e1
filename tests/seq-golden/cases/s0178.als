sig E {}
one sig H { items: seq E, s: seq E } { ! (not (first[s] = s.last)) }
fun f[x: seq E, y: E]: seq E { seq/butlast[x] }
fact { not seq/isSeq[H.s.subseq[1, 0]] }
run { some h1: H | some e2: E | (((one e3: E | (lone e4: E | one h1.s))) or (0 <= 1)) or f[rest[h1.s], e2] in h1.s.setAt[-1, e2] } for 2 E, 4 int, 0 seq
