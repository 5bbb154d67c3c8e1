sig E {}
sig H { items: seq E, n: seq Int }
check { all s1: seq E | (all h2: H | (some h3: H | (let l4 = s1 | inds[h3.n] = 0))) } for 4 int, 5 seq
