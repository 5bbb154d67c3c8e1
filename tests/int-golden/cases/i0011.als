sig A { f: Int, g: set Int }
check { (one x1: Int[-2] | ((all x2, x3: Int | neg[x2])) => ((some x4: Int | -2 < x1)) else ((lone x5: Int | x1 != x5))) } for 3 but 2 Int, 3 A
