sig A { var r: set A }
var sig V { var m: lone A }
pred P[p: V] { eventually ((p not in V) until (A = A)) }
fact init { one V }
fact { always (#V' =< #V or no V) }
fact { always (some m implies m' != m) }
run { eventually (one V) and eventually (one V) } for 2 but 2..4 steps
