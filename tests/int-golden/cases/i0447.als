lone sig A {}
lone sig B {}
fact { #A >= (#A << 3) }
check { #A > 2 } for 1 but 3 Int
