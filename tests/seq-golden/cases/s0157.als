sig E {}
sig H { items: seq E, cur: lone E }
run { some h1: H | some e2: E | ((h1.items.add[E]).butlast).hasDups } for 1 E, 1 seq, 4 int, 3 H
