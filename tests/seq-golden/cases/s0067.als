sig E {}
some sig H { disj items, s: seq E }
fact { all h3: H | not hasDups[H.items.add[E]] }
pred show { some h2: H | some s1: seq E | lastIdx[((add[h2.s, E]).add[s1[#(s1)]]).insert[#h2.s, (#(H.items)).(append[h2.s, H.items])]] >= plus[-1, 16] }
run show for 4 seq, 5 int
