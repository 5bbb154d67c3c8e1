sig E {}
sig H { items: seq E, s: seq E }
fun f[x: seq E, y: E]: Int { plus[#(elems[x]), mul[#x, 1]] }
fact { some h2: H | f[h2.items, h2.items[0]] < 2 }
check { all h1: H | not (#h1.items.append[h1.items] < #h1.items) } for 3 seq, 4 int
