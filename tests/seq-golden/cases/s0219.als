sig E {}
sig F extends E {}
one sig H { items: seq E, s: seq E, cur: lone E }
pred p[x: seq E, y: E] { ((one i3: inds[x] | (-1).minus[1] = 0)) iff (x.append[H.s] != H.items.insert[#H.s, y]) }
fact { some h2: H | (H.items.insert[1, last[h2.s]]).p[seq/first[h2.items]] }
assert claim { all s1: seq E | some s1 implies subseq[s1, 1, 0] = s1 }
check claim for 3 int, 0 seq, 1 E
