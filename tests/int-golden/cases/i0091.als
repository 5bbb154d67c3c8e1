sig A { f: Int, h: B -> Int }
sig B {}
run { (let l1 = (sub[32, #A]).mul[(15 fun/sub max)] | (l1 + -1) != (sum n2: A.f | 100)) } for 5 Int, exactly 2 A, exactly 3 B
