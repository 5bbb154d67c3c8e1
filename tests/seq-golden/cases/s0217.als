abstract sig E {}
sig F, G extends E {}
one sig H { items: seq E, n: seq Int }
run { some h1: H | some e: E | add[h1.items, e] = h1.items and some h1.items } for 3 but 4 int, 5 seq
