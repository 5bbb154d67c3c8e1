sig A {}
var sig V {}
var sig W {}
fact init { no V }
fact { always (V != V') }
assert claim { eventually ((some W) and before historically (lone V)) }
check claim for 1 but 6 steps
