sig E {}
sig F extends E {}
one sig H { items: seq E, s: seq E, cur: lone E }
pred p[x: seq E] { (let l3 = H.s.insert[3, last[x]] | #(H.items) in inds[H.items]) }
run { some s1, s2: seq E | (! (lone s2)) and p[seq/add[H.s, seq/first[s2]]] } for 3 seq
