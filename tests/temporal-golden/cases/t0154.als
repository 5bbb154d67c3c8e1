sig A {}
sig B {}
var sig V {}
pred P[p: V] { p != p }
pred show { eventually ((always (some V)) releases (before (no V))) }
run show for 2 but 2 steps
