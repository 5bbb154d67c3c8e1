open util/ordering[E]
sig E {}
sig H { items: seq E, s: seq E }
pred show { some h2: H | some s1: seq E | some e3: E | (let l4 = s1 | (one i5: l4.inds | (#(inds[s1]) <= h2.s.afterLastIdx) || (#(h2.s) = #l4))) }
run show for 3 but 4 int, 2 seq
