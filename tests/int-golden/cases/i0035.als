sig A { f: Int, g: set Int }
fact { (3.mul[2] fun/rem -2) > ((#A < -3) => (0 >>> -4) else (-2 >> 0)) }
check { (some x1: Int | (some x2: Int[x1] | (one a3: A | (lone x4: Int | x4 <= #A)))) } for 3 Int
