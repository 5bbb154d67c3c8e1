sig E {}
sig F extends E {}
some sig H { items: seq E }
run { some s1, s2: seq E | some e3: E | (some e4: E | (no i5: Int | (seq/rest[s1]).hasDups)) } for 1 but 4 int, 3 seq, 2 E, 2 H
