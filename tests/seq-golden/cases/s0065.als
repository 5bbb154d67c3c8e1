sig E {}
lone sig H { items: seq E, s: seq E, cur: lone E }
check { all s1: seq E | all e: E | seq/lastIdxOf[seq/add[s1, e], e] = #s1 } for 4 int, 4 seq
