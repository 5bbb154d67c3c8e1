sig E {}
some sig H { items: seq E, s: seq E }
fact { all h2: H | ! (h2.items = h2.items.delete[#(h2.items)]) }
check { all h1: H | all e: E | (seq/add[h1.items, e]).last = e } for 3 seq, exactly 3 E, 2 H, 3 int
