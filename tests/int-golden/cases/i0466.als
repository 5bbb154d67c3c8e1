open util/integer
sig A { f: Int, k: lone Int }
check { all x: Int | negate[negate[x]] = x } for 3 but 3 Int, exactly 3 A
