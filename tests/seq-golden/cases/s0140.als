sig E {}
lone sig H { items: seq E, s: seq E }
fun f[x: seq E, y: E]: seq E { seq/append[x, seq/append[x, x]] }
check { some h1: H | (h1.items.last in elems[h1.s]) implies seq/isSeq[h1.items.f[h1.s.first]] } for 3 E, 3 int, 2 seq
