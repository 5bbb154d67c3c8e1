sig E {}
sig H { items: seq E, cur: lone E }
fact { all h3: H | h3.items.butlast.inds = seq/Int }
fact { all h4: H | h4.items.insert[#(h4.items), h4.items.first] = subseq[h4.items, 1, #(h4.items)] }
run { some disj s1, s2: seq E | (#s1).plus[#s2] < #s2 } for 3 but 4 int, 3 seq, 2 E, exactly 3 H
