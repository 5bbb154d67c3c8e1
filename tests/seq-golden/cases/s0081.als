sig E {}
sig F, G extends E {}
lone sig H { items: seq E, n: seq Int } { (some e2: E | (seq/isSeq[insert[n, #items, 2]]) and (seq/insert[items, #(n), e2] != items)) }
pred show { some h1: H | #h1.items = 4 and not h1.items.hasDups }
run show for 4 seq, 4 int
