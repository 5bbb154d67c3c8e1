sig E {}
lone sig H { items: seq E } { (no e2: E | 2 != (#items).plus[#items]) }
run { some h1: H | some e: E | add[h1.items, e] = h1.items and #h1.items < 2 } for 2 seq, 5 int
