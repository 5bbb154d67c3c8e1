sig A { f: Int, g: set Int }
sig B {}
check { ((all x1: Int | ! (x1 >= -1))) <=> (((lte[min, 0]) or (-1 = 1)) && (pos[1])) } for 1 but 2 Int
