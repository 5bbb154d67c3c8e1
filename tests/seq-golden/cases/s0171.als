sig E {}
sig F extends E {}
some sig H { items: seq E, s: seq E }
check { all h1: H | idxOf[h1.items.add[E], last[h1.s]] =< #h1.items } for 2 seq
