open util/integer
sig A {}
check { #A = 2 } for 2
