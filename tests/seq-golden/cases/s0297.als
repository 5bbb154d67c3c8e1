sig E {}
sig F extends E {}
lone sig H { items: seq E, t: seq F, cur: lone E } { (elems[items] = E) and (elems[t] = E) }
fact { all h4: H | (all h5: H | seq/isSeq[insert[h4.items, #(h4.items), F]]) }
run { some h2: H | some s1: seq Int | (let l3 = s1 | seq/butlast[h2.items].isEmpty) } for 2 but 3 seq, exactly 3 E
