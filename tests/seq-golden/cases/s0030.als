sig E {}
sig F extends E {}
some sig H { items: seq E, s: seq E }
fact { all h4: H | (one e5: E | ! (#h4.items > #h4.s)) }
pred show { some h1: H | (all e2: E | (some h3: H | #(h1.items.inds) = 1)) }
run show for 3 H, 2 seq, 3 E, 4 int
