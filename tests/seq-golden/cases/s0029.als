sig E {}
some sig H { items: seq E }
run { all h1: H | some e2: E | (all h3: H | h3.items :> E = h3.items) } for 5 but 4 int, 2 E, 2 H
