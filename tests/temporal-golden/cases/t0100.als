sig A {}
var sig V { var m: lone V }
pred P[p: V] { (#A < 2) releases (no A') }
pred show { eventually lone V releases one V }
run show for 3 but 4..4 steps
