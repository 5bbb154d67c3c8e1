sig A { f: Int }
fact { plus[#A, #A] not < (let l1 = #A | l1) }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 3 Int
