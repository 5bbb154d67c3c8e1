sig A { f: Int, k: lone Int }
fact { (-1 >> 2) <= 1 }
check { max[-1 + -2] = larger[-1, -1] } for 2 but 2 Int
