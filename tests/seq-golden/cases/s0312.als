abstract sig E {}
sig F, G extends E {}
sig H { items: seq E, s: seq E }
run { some h1: H | some e2: E | (let l3 = (seq/insert[h1.items, #h1.s, e2]).butlast | (lone e4: F | (some i5: h1.s.inds | one h1.items))) } for 3 but 4 int, 3 seq
