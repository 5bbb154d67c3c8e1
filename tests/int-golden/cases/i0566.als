sig A { k: lone Int, h: A -> Int }
fact { gt[(-2 >> 0), 0] }
check { all x: Int | x.mul[3].div[3] = x } for 2
