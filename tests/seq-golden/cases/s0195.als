sig E {}
some sig H { items: seq E } { items :> E = items }
fact { all h1: H | (all e2: E | (seq/insert[h1.items, #(h1.items), e2]).hasDups) }
check { (sum h: H | #h.items) >= 7 } for 3 but 4 int, 5 seq, 2 H
