abstract sig E {}
sig F, G extends E {}
sig H { items: seq E, cur: lone E }
fact { all h2: H | (no e3: F | seq/afterLastIdx[h2.items] != #(h2.items)) }
fact { all h4: H | 1.minus[#(h4.items)] != 0 }
assert claim { all s1: seq E | s1.idxOf[s1.first] = 0 }
check claim for 3 but 4 int, 2 seq, 3 E
