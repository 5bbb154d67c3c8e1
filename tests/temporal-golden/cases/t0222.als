sig A { g: lone A }
sig B {}
var sig V { var m: set V }
run { eventually always (m = m') and always eventually some m } for 2 but 4 steps, exactly 3 B
