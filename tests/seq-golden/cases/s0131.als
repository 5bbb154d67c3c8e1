sig E {}
one sig H { items: seq E, n: seq Int }
assert claim { all s1: seq E, e: E | (add[s1, e]).butlast = s1 }
check claim for 4 int, 2 E, 5 seq
