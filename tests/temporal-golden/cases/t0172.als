sig A { f: one B }
lone sig B {}
var sig V {}
run { before ((before (after (some f))) implies (((A in A) until (some A)) implies ((no A) iff (f = f)))) } for 2 but 1 steps
