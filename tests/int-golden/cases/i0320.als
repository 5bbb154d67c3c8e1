sig A { g: set Int }
sig B {}
fact { (some a2: A | 1 != (#B >> 3)) }
fact { (sum b3: B | (#A.g).plus[#B]) !in A.g }
run { plus[(-1 fun/div #B), ((-16 <= #A.g) implies #A.g else 17)] not in Int[(let l1 = #B | l1)] } for 5 Int, 3 A, 3 B
