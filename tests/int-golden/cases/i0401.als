open util/integer
sig A { r: set A }
check { (let l1 = div[(sum a2: A | #a2.r), 6] | ((some a3: A | l1 > 0)) and ((all x4: Int | l1 < 6))) } for 1 but 4 Int
