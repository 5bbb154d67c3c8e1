sig E {}
one sig H { disj items, s: seq E }
run { some e: E | not (seq/butlast[seq/add[H.items, e]] = H.items) } for 1 but 3 int, 2 seq, 3 E
