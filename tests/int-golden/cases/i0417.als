sig A { f: Int }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 2 Int, exactly 2 A
