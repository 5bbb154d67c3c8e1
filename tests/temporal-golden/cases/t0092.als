sig A {}
some sig B {}
var sig V {}
pred show { eventually ((historically (some V)) releases (once (no V))) }
run show for 3
