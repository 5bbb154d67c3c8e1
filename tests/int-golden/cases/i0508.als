sig A { f: Int }
sig B {}
fun twist[p: Int]: Int { p }
fact { plus[2, #A.f] <= #A.f }
run { one x: Int | x.plus[5] != 0 } for 2 but 4 Int, 2 A
