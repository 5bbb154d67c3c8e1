sig E {}
sig F extends E {}
sig H { disj items, s: seq E } { (s.inds in 0) => (no s) }
fact { all h5: H | (some e6: F | (seq/subseq[h5.s, 2, #(h5.s)]).hasDups) }
fact { all h7: H | (no e8: F | 4 <= #(elems[h7.items])) }
pred show { some h1: H | some e2: E | (one i3: h1.s.inds | (no e4: E | lone h1.s)) }
run show for 3 but 2 E
