sig A { g: set Int, r: set A }
fact { (no a1: A | (let l2 = (#a1.r).sub[2] | (one x3: Int | lone A.g))) }
check { no x: Int | x.plus[-1] != x } for 2 but 4 Int
