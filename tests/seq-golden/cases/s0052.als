sig E {}
sig H { items: seq E, cur: lone E }
pred show { some h1: H | #h1.items.append[h1.items] > #h1.items }
run show for 2 but 3 seq, exactly 3 E
