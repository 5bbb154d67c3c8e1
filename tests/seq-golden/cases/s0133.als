sig E {}
sig H { items: seq E, n: seq Int }
check { all h1: H | (h1.items.elems = seq/elems[h1.items] and #h1.items = #h1.items) implies h1.items = h1.items } for 3 but 4 int, 2 H
