lone sig A { f: Int }
check { max.plus[1] = min } for 1 but 5 Int, exactly 1 A
