sig E {}
sig H { items: seq E }
check { all s1: seq E | seq/rest[s1] = s1.delete[0] } for 4 seq
