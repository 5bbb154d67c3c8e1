sig A { f: Int, h: B -> Int, r: set A }
sig B {}
run { (all disj x1, x2: Int | ((let l3 = x2 | 2 = min)) implies ((no b4: B | #B <= x2))) } for 4 Int, 2 A, 1 B
