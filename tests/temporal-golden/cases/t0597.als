sig A {}
var sig V { var m: set V }
assert claim { historically ((before (no V)) since ((V in V) since (~m in m'))) }
check claim for 3 but 3..3 steps
