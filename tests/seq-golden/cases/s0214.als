sig E {}
some sig H { items: seq E } { (#items in seq/inds[items]) => ((let l2 = items | items in Int -> lone E)) }
run { some s1: seq E | s1.E = inds[s1] } for 3 seq
