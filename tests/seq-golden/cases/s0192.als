sig E {}
lone sig H { items: seq E, cur: lone E }
pred p[x: seq E, y: E] { (no h5: H | (let l6 = x | h5.items in seq/add[h5.items, y])) }
run { some h1: H | some e2: E | ((lone e3: E | (some h4: H | not hasDups[seq/add[h4.items, e2]]))) implies h1.items.p[e2] } for 5 seq
