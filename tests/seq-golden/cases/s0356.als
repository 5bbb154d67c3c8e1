sig E {}
sig F extends E {}
one sig H { items: seq E, s: seq E, cur: lone E }
fact { plus[#(elems[H.s]), 5] < (add[H.s, H.cur]).lastIdxOf[H.cur] }
pred show { some s1, s2: seq E | #s1.append[s2] < plus[#s1, #s2] }
run show for 3 E, 5 seq, 4 int
