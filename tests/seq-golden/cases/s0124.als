sig E {}
lone sig H { items: seq E } { items = items }
fun f[x: seq E, y: E]: Int { 3 }
check { all s1: seq E | ((one e2: E | (all h3: H | append[s1, h3.items] in s1.setAt[1, e2]))) and (s1.insert[#(s1), s1.last]).f[s1[#(s1)]] =< #(s1.indsOf[s1.last]) } for 2 but 3 int, 3 seq, exactly 2 E
