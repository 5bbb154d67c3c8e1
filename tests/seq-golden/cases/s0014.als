open util/ordering[E]
sig E {}
sig H { items: seq E, s: seq E } { (#(s) =< items.lastIdx) or ((hasDups[s]) => (s.E = seq/inds[s])) }
pred p[x: seq E] { ((no i2: seq/inds[x] | elems[x] = first.prevs)) or ((let l3 = x | seq/Int <: x = x)) }
run { some h1: H | (last in h1.items.elems) and p[h1.s.append[h1.s]] } for 2 but 1 seq, 3 E, exactly 1 H
