sig E {}
lone sig H { items: seq E }
fact { all h2: H | (plus[3, #(h2.items)] < #(h2.items)) and ((#(h2.items)).plus[#h2.items] =< #h2.items) }
check { all h1: H | butlast[h1.items] = delete[h1.items, h1.items.lastIdx] } for 2 seq, 5 int
