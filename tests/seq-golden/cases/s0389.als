sig E {}
lone sig H { items: seq E }
check { all s1: seq E | (let l2 = s1 | 0 <= afterLastIdx[l2]) } for 3 seq, 2 E
