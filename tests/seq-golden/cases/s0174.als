sig E {}
some sig H { items: seq E, s: seq E } { (lone e6: E | 0 >= idxOf[s, e6]) }
fact { all h2: H | not (h2.s.inds = 0) }
fact { all h3: H | (all e4: E | (some i5: h3.s.inds | h3.items in seq/Int -> E)) }
run { some h1: H | (h1.items.isEmpty) and (0.minus[#(inds[h1.s])] < #h1.items.rest) } for 3 but 3 int, 1 E
