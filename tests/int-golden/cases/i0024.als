sig A { f: Int, g: set Int, r: set A }
fact { all a: A | a.f >= 3 }
check { (sum a: A | a.f.plus[3]) = #A } for 1 but 5 Int
