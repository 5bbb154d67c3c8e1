sig E {}
sig H { items: seq E }
fact { all h3: H | not (0 <= 3) }
fact { all h4: H | (one h5: H | seq/elems[h4.items] in E) }
check { all h1: H | (some e2: E | (#(h1.items)).mul[mul[#h1.items, 2]] > (seq/butlast[h1.items]).afterLastIdx) } for 3 but 3 int, 2 seq, 1 H
