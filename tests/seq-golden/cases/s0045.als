sig E {}
sig F, G extends E {}
sig H { items: seq E, t: seq F } { (no i6: t.inds | not (seq/inds[t] in seq/Int)) }
fact { all h4: H | ! (#h4.items != #h4.t) }
fact { all h5: H | (seq/elems[h5.t] in seq/elems[h5.t]) iff (h5.t.inds in seq/Int) }
pred show { some h1: H | (lone e2: E | (some i3: h1.items.inds | seq/inds[h1.items] = seq/Int)) }
run show for 5 seq, 4 int
