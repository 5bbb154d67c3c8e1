sig A { f: Int }
sig B {}
run { lone Int[#A.f] } for 3 Int, 3 A, 1 B
