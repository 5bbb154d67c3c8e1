open util/ordering[E]
sig E {}
one sig H { items: seq E } { isEmpty[items.insert[#(items), E]] }
run { some s1, s2: seq E | (lone H.items) => (s1 = s2) } for 1 but 3 seq
