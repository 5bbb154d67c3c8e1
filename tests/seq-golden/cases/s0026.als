sig E {}
sig F extends E {}
sig H { items: seq E, t: seq F }
run { some h1: H | some e2: E | seq/Int <: h1.items = h1.items } for 2 H, exactly 3 E, 3 seq, 4 int
