sig E {}
one sig H { items: seq E }
assert claim { (some e1: E | ((H.items.subseq[#(H.items), 4]).hasDups) || (#(H.items) >= #H.items)) }
check claim for 3 seq, 4 int
