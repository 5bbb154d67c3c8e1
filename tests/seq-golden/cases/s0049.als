sig E {}
one sig H { items: seq E }
run { (H.items.add[first[H.items]].insert[0, H.items.first]).afterLastIdx < -1 } for 5 but 2 seq, 2 E
