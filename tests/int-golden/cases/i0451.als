sig A {}
fact { ((#A <= 0) || (-2 !in Int[#A])) => ((one a1: A | some 2)) }
fact { (one x2: {c3: Int | -2 !>= c3} | minus[x2, x2] = ((#A =< 1) implies 2 else #A)) }
check { one (Int[#A] & Int[#A]) } for 3 Int, exactly 3 A
