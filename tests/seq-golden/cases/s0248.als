sig E {}
some sig H { items: seq E, s: seq E }
pred show { all h1: H | some e2: E | h1.items != seq/setAt[append[h1.items, h1.s], #(h1.items), (#h1.s).(h1.s)] }
run show for 1 seq, 3 E, 2 H
