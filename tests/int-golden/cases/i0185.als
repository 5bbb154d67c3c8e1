sig A { r: set B }
sig B { v: Int }
fact { #A.r !> #A }
fact { (all x3: Int | 32 >= x3) }
check { (let l1 = (#B fun/sub (sum n2: -15 | n2)) | (#B >>> 3) != (#A fun/sub #B)) } for 5 Int, 3 A, 2 B
