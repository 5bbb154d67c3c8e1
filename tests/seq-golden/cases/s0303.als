sig E {}
sig H { items: seq E }
fact { all h2: H | ! (isEmpty[h2.items]) }
check { all s1: seq E | (#s1).plus[1].minus[1] = #s1 } for 3 seq, exactly 3 E, 3 int, 3 H
