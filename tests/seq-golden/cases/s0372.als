sig E {}
sig H { items: seq E }
fact { all h2: H | (some h3: H | ! (elems[h2.items] in E)) }
run { some h1: H | (#h1.items).plus[#h1.items] < #h1.items } for 5 seq, exactly 3 E, 2 H, 4 int
