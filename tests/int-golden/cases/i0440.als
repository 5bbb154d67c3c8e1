sig A { f: Int, g: set Int }
check { all x: Int | (x >>> 1) >>> 1 = x } for 4 Int
