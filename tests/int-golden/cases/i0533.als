sig A { f: Int, g: set Int }
fact { (some x8: Int | x8 < 2) }
fact { (lone x9: Int | #A = 0) }
check { (rem[(#A).mul[#A], #A.f] != int[Int[1]]) => ((one x1: Int | (one x2: Int | (let l3 = x1 | -1 !=< x1)))) else ((((one a4: A | neg[a4.f])) <=> ((lone x5: Int | #A !=< x5))) => (1.mul[3] <= (let l6 = 14 | l6)) else ((all x7: 1.prev | x7 != x7))) } for 3 but 5 Int, 3 A
