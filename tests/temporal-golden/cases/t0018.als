sig A { f: lone B }
lone sig B {}
var sig V { var m: set V }
fact init { no V }
fact { always (V' in V) }
fact { always (m' = m or no V) }
run { after always (some V) } for 2 but 2..3 steps
