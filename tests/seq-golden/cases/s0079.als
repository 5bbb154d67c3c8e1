sig E {}
one sig H { items: seq E, s: seq E }
fact { seq/isSeq[H.items.setAt[0, H.s[#(H.s)]]] }
check { all h1: H | (append[H.items, H.s]).lastIdx < minus[4, #(h1.items)] } for 5 int, 3 E
