abstract sig E {}
sig F, G extends E {}
sig H { items: seq E }
fact { all h2: H | ((one i3: seq/inds[h2.items] | seq/inds[h2.items] = seq/Int)) => (h2.items.elems in seq/elems[h2.items]) }
assert claim { all s1: seq E, e: E, i: Int | i in s1.inds implies (s1.setAt[i, e])[i] = e }
check claim for 1 seq
