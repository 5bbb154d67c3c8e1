sig A {}
check { ! ((all a1: A | (lone x2: Int | -33 !in x2))) } for 2 but 4 Int
