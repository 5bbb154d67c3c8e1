sig A {}
check { #A >= 8 } for 2 but 4 Int
