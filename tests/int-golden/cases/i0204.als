sig A { f: Int }
pred prop[q: Int] { ((one a9: A | q > q)) <=> (one Int[q]) }
fact { (let l6 = ((not (some Int)) implies -7 else plus[#A, min]) | ((no x7: Int | 7 =< x7)) iff ((some a8: A | prop[l6]))) }
check { (let l1 = (((lone x2: (Int[-8] + Int[min]) | (all x3, x4: Int | -3 !> 3))) implies ((#A >>> -2) + 7) else (#A.f).mul[6]) | ! ((one x5: Int | l1 < x5))) } for 4 Int, 3 A
