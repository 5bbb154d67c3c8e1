abstract sig E {}
sig F extends E {}
sig H { items: seq E, cur: lone E }
fact { all h5: H | (some h6: H | #(h6.items.elems) < #h6.items) }
pred show { some disj s1, s2: seq E | ((s2.inds = seq/Int) => ((lone e3: E | not isSeq[add[s2, e3]]))) or ((let l4 = s2 | plus[#(s2), #s2] < s1.lastIdx)) }
run show for 2 but 4 int, 2 seq
