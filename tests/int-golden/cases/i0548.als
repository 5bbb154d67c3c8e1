lone sig A { f: Int, g: set Int }
check { all x: Int | x.rem[3].plus[x.div[3].mul[3]] = x } for 1 but 3 Int, 1 A
