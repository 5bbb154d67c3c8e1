sig E {}
one sig H { items: seq E }
run { not ((H.items.elems = elems[H.items] and #H.items = #H.items) implies H.items = H.items) } for 3 seq, 3 int, 3 E
