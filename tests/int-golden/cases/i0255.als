sig A { f: Int }
fun twist[p: Int]: Int { p }
fact { (Int[-1] != #A.f) || (#A =< #A) }
check { (#A.f fun/sub max[A.f]) not =< 1 } for 2 Int, 2 A
