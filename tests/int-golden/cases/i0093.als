sig A { f: Int }
fact { no 3.prev }
fact { ! ((all x1: Int[0] | Int[2] != x1)) }
check { all x, y: Int | smaller[x, y] =< x } for 1 but 3 Int
