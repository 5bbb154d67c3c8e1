sig E {}
lone sig H { items: seq E, n: seq Int }
fact { all h2: H | h2.n != h2.n }
check { all h1: H | (h1.items.elems = elems[h1.items] and #h1.items = #h1.items) implies h1.items = h1.items } for 3 but 3 int, 3 seq
