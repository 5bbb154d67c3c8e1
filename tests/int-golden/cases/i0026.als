sig A { f: Int, g: set Int, h: B -> Int }
sig B {}
pred prop[q: Int] { q.rem[q] > min }
fact { 14 not =< negate[-2] }
run { (some b1: B | (let l2 = #B | ! (prop[#B]))) } for 3 but 5 Int, 1 A
