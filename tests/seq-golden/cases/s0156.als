sig E {}
some sig H { items: seq E }
check { all h1: H, e: E | #h1.items.insert[0, e] = plus[#h1.items, 1] } for 3 int, 1 H, exactly 1 E
