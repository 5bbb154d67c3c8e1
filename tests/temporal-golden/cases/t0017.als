sig A { var r: lone A }
var sig V { var m: lone V }
var sig W in A {}
fact { no x1: V | ((x1 in V) releases (r' in r)) }
run { not (always ((before (not (#W =< 3))) iff ((not (#W =< 3)) and not (not (#W =< 3))))) } for 3 but 5 steps
