sig A { f: Int }
sig B {}
fact { ! (no A.f) }
fact { lt[#A, ((-2 fun/rem 2)).div[#A]] }
check { ((2 >= #A.f) and (A.f != 3)) => ((one a1: A | a1.f = a1.f)) else ((0 =< #B) and (#A.f >= #B)) } for 5 Int, 2 A, 1 B
