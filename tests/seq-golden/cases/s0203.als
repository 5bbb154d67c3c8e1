sig E {}
sig H { items: seq E, n: seq Int } { ! (not hasDups[n]) }
fact { all h2: H | (some h3: H | 3 =< plus[#h3.items, 4]) }
check { all h1: H | #append[h1.items, h1.items] = plus[#h1.items, #h1.items] } for 3 but 4 int, 3 seq, 2 H
