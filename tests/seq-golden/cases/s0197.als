abstract sig E {}
sig F, G extends E {}
lone sig H { items: seq E }
fact { all h3: H | (#h3.items =< 6) or (#(indsOf[h3.items, seq/first[h3.items]]) >= plus[5, #(h3.items)]) }
check { all s1, s2: seq E | not ((#s1).plus[#s2] =< #s1) } for 5 seq, 4 int
