abstract sig E {}
sig F extends E {}
sig H { items: seq E, n: seq Int } { isEmpty[items.add[items.last]] }
run { some h1: H | some e2: E | some h1.items } for 4 int, 3 seq
