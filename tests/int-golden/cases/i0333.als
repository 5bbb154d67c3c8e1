sig A { f: Int }
fun twist[p: Int]: Int { (let l1 = (Int[#A.f]) | (-2).minus[#A]) }
fact { (#A fun/sub twist[min]) =< 14 }
fact { lone (#A).prev }
check { all x: Int | x.rem[3].plus[x.div[3].mul[3]] = x } for 1 but 5 Int
