sig A { f: Int, g: set Int, k: lone Int }
pred prop[q: Int] { (sum n5: q | #A) < -3 }
fact { -1 != #A }
check { ((let l1 = -33 | (no x2: Int | prop[3]))) => ((lone a3: A | (no x4: Int | -3 > x4))) } for 2 but 3 Int
