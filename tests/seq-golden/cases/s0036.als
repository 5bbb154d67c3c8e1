sig E {}
lone sig H { items: seq E }
fun f[x: seq E, y: E]: seq E { x.delete[minus[1, 0]] }
run { some h1: H | (((h1.items.f[E]).add[h1.items[#h1.items]]).add[(minus[#h1.items, #(h1.items)]).(h1.items)]).hasDups } for 1 but 5 int, 0 seq, 2 E
