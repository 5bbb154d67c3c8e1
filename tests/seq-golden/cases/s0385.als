abstract sig E {}
sig F, G extends E {}
sig H { items: seq E, cur: lone E } { (some e7: E | items.insert[#(items), e7] = items) }
fact { all h4: H | (one h5: H | (one e6: E | seq/Int <: h5.items = h5.items)) }
assert claim { all h1: H | (some e2: E | (-1 in h1.items.inds) implies ((no i3: h1.items.inds | (setAt[h1.items, 2, e2]).hasDups))) }
check claim for 3 but 5 int, 1 seq, 1 H
