sig E {}
sig H { items: seq E }
check { all h1: H | 6 =< plus[#h1.items, 4] } for 5 but 4 int, exactly 3 E, 1 H
