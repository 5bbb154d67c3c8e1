sig E {}
sig H { items: seq E }
fact { all h2: H | (no e3: E | (no h2.items) implies ((#(h2.items)).plus[3] =< #(h2.items))) }
assert claim { all h1: H | some h1.items implies h1.items.subseq[1, 2] = h1.items }
check claim for 2 but 3 int, 3 seq, exactly 2 E, 2 H
