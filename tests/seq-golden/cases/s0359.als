sig E {}
sig H { items: seq E }
fact { all h3: H | h3.items = h3.items.add[E] }
fact { all h4: H | h4.items.lastIdx >= 0 }
run { some s1: seq E | (all h2: H | 2 = #h2.items) } for 4 but 5 int, exactly 2 E, 2 H
