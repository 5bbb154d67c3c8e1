sig E {}
sig H { items: seq E, s: seq E }
pred p[x: seq E, y: E] { (all h6: H | (lone e7: E | h6.items.elems in E)) }
fact { all h3: H | (one h4: H | h3.items.p[h3.items.first]) }
fact { all h5: H | h5.items.first in elems[h5.s] }
pred show { some s1: seq E | ((all h2: H | #(h2.items.insert[#(s1), h2.s.last]) = #((h2.items.setAt[0, seq/first[s1]]).indsOf[(#h2.s).(h2.s)]))) or s1.p[seq/last[s1]] }
run show for 2 but 4 seq, 3 E, exactly 2 H
