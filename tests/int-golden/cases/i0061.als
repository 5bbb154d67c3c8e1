sig A { g: set Int }
fun twist[p: Int]: Int { #A.g }
run { ((all x1: Int | (one x2: Int | (all a3: A | x2 >= #a3.g)))) implies ((no x4: Int | (let l5 = (#A.g fun/mul -16) | 14 <= x4))) } for 5 Int, 3 A
