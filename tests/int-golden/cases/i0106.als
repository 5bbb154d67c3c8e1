open util/integer
sig A { r: set A, f: Int }
fact { (no x1: A.f | ((some a2: A | gt[a2.f, a2.f])) implies ((some a3: A | a3.f not =< x1))) }
fact { larger[#A, min] =< (let l4 = #A | l4) }
check { all a, b: A | (a.f > 0 and b.f > 0) implies plus[a.f, b.f] > a.f } for 1 but 4 Int
