sig E {}
sig H { items: seq E, cur: lone E } { (no i3: items.inds | hasDups[seq/add[items, first[items]]]) }
check { all h1: H | not ((some e2: E | !h1.items.hasDups)) } for 3 E, 3 H, 4 int
