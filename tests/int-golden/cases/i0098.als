sig A {}
sig B { v: Int }
fun twist[p: Int]: Int { -3 }
fact { twist[#B.v] < int[Int[#B.v]] }
check { some B.v } for 3 but 4 Int
