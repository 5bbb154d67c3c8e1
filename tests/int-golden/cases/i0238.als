sig A {}
check { #Int != 0 } for 1 but 2 Int
