lone sig A { f: Int, r: set A }
check { (all a1: A | min <= sub[a1.f, (a1.f).mul[#A]]) } for 4 Int, exactly 1 A
