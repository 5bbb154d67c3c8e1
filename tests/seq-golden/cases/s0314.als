sig E {}
some sig H { items: seq E }
fact { all h2: H | h2.items.lastIdx = #h2.items.rest }
pred show { all h1: H | 2 in inds[h1.items] }
run show for 2 but 4 int, 1 seq
