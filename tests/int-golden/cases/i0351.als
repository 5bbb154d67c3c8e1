sig A {}
check { #A >= ((-1 > -4) => -3 else -1) } for 1 but 3 Int, 1 A
