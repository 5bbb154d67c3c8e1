sig A { g: set Int }
fact { (lone x2: Int | ! (x2 not =< -3)) }
fact { ((lone x3: Int | pos[x3])) || (((let l4 = 3 | #A not < 0)) => ((lone x5: Int | x5 >= x5))) }
run { (lone a1: A | (-3 + #A.g) not >= ((gte[1, 2]) => 2 else max)) } for 2 but 3 Int
