sig E {}
sig F extends E {}
sig H { items: seq E }
fact { all h2: H | (all e3: F | lone h2.items) }
run { some h1: H | some e: E | add[h1.items, e] = h1.items and not seq/isEmpty[h1.items] } for 2 E, 3 seq, 3 H
