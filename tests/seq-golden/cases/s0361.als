sig E {}
one sig H { items: seq E, s: seq E }
fun f[x: seq E, y: E]: seq E { H.s.rest }
fact { some h1: H | seq/isSeq[f[h1.items.insert[#(H.items), H.items.last], E]] }
check { #H.items =< 4 } for 4 int, 4 seq
