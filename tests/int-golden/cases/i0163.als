sig A { f: Int }
fun twist[p: Int]: Int { (((p in -9) implies p else p)).minus[p] }
fact { (no x4: Int | x4 <= 17) }
run { (one x1: Int | ((lone a2: A | a2.f != #A.f)) => ((lone a3: A | #A = 0)) else ((x1 < x1) || (#A.f < x1))) } for 4 Int
