abstract sig E {}
sig F extends E {}
some sig H { items: seq E }
fact { all h4: H | ((h4.items.indsOf[first[h4.items]] = h4.items.inds) iff (#(h4.items) =< #h4.items)) or (#(h4.items) > #(inds[h4.items])) }
check { all s1, s2: seq E | (not ((no e3: E | elems[s2] = E))) and (one s1) } for 4 int, 1 seq
