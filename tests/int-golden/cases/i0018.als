sig A { r: set B }
sig B { v: Int }
fact { (one b3: B | B.v in B.v) }
check { int[B.v] > (let l1 = 0.next | (sum n2: -1 | -1)) } for 2 but 4 Int, 1 A
