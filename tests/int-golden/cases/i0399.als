sig A { f: Int, r: set B }
some sig B { v: Int }
fact { (some b3: B | (#A.r !>= #B) <=> ((all x4, x5: Int | B.v = #b3.v))) }
fact { (int[B.v] fun/sub (-3).rem[#A]) !< mul[smaller[1, -3], (sum b6: B | -4)] }
run { ((max >= 3) iff ((all x1: Int | #A != #B))) <=> (! ((all x2: Int | x2 =< #B.v))) } for 1 but 3 Int
