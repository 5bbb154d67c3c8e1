open util/ordering[E]
sig E {}
lone sig H { items: seq E, s: seq E } { ! (#items =< #s) }
run { some h1: H | (let l2 = h1.items | ((one e3: E | #(l2.inds) < 4)) || ((lone e4: E | (no h5: H | 4 in h5.items.inds)))) } for 3 but 3 seq
