sig E {}
sig F, G extends E {}
some sig H { disj items, s: seq E }
pred p[x: seq E] { (! (!(x.add[seq/first[x]]).isEmpty)) => ((all h2: H | seq/elems[x] in E)) }
run { some h1: H | (((h1.items.insert[1, first[h1.items]]).delete[h1.items.idxOf[G]]).hasDups) and p[add[h1.items, h1.items.first]] } for 1 but 3 int, 2 seq, 2 E, 2 H
