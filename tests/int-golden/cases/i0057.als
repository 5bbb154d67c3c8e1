sig A { f: Int, k: lone Int }
sig B {}
fun twist[p: Int]: Int { int[(A.f - Int[-1])] }
pred prop[q: Int] { gte[minus[8, -3], (let l5 = #A.f | q)] }
check { ((no x1: Int | (let l2 = int[Int[x1]] | (let l3 = 7 | lone A.k)))) => ({c4: Int | #A.f =< 100} != int[A.f]) } for 4 Int
