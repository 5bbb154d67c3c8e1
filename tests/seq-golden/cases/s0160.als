sig E {}
sig H { disj items, s: seq E }
fun f[x: seq E, y: E]: set E { elems[insert[x, -1, y]] }
fact { all h2: H | f[h2.items.setAt[2, h2.items.last], h2.items[#h2.s]] != elems[h2.s] }
check { all h1: H | #append[h1.items, h1.s] = plus[#h1.items, #h1.s] } for 5 but 4 int, 3 E, 1 H
