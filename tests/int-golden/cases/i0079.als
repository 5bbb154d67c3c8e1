lone sig A { r: set A }
pred prop[q: Int] { q = (#A).rem[q] }
fact { ((lone a1: A | 1 = min)) implies ((all a2: A | no Int)) }
run { one x: Int | x.div[3] > 0 } for 1 but 3 Int
