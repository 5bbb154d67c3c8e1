sig A { f: one B }
some sig B {}
var sig V {}
fact init { one V }
fact { always (#V' =< #V or no V) }
assert claim { always ((#V < 1) implies historically (some V)) }
check claim for 3 but 6 steps
