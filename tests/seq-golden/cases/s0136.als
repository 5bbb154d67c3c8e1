sig E {}
some sig H { items: seq E }
fact { all h3: H | seq/lastIdx[h3.items] in inds[h3.items] }
fact { all h4: H | (some e5: E | h4.items.rest != H.items.add[E]) }
check { some h1: H | all e2: E | H.items.rest != h1.items } for 3 seq
