sig A {}
lone sig B {}
fun twist[p: Int]: Int { #B }
check { Int[(#B).add[1]] = ((4 > 1) implies (-1).sub[#A] else (sum a1: A | 0)) } for 2 but 2 Int, 1 B
