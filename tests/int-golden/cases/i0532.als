sig A {}
fact { Int[#A] = Int[15] }
check { ((all x1, x2: Int | 15 = -2)) <=> ((eq[2, min]) && (max >= min)) } for 2 but 5 Int
