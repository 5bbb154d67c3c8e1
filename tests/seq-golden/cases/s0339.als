abstract sig E {}
sig F, G extends E {}
sig H { items: seq E, s: seq E }
assert claim { all s1, s2: seq E | (seq/elems[s1] = elems[s2] and #s1 = #s2) implies s1 = s2 }
check claim for 3 but 3 int, 3 seq, 3 E, 1 H
