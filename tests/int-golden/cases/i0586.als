sig A { f: Int, g: set Int, r: set B }
sig B { v: Int }
fact { (#A < 1) and (-2 > 3) }
check { not (some x: Int | x.rem[1] <= x) } for 3 but 2 Int, exactly 1 B
