sig E {}
sig H { items: seq E }
run { some h1: H | (all e2: E | (all h3: H | (let l4 = h1.items | l4 in seq/Int -> E))) } for 5 int, 2 seq, 1 H, 1 E
