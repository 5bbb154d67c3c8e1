sig E {}
sig H { items: seq E }
run { some h1: H | ((let l2 = h1.items | seq/indsOf[l2, last[h1.items]] in seq/inds[l2])) implies ((some i3: inds[h1.items] | some h1.items)) } for 3 but 3 int, 3 E, 2 H
