sig A { f: Int, h: A -> Int }
fact { ((let l3 = (#A).plus[#A.f] | (let l4 = #A | l4 not < #A))) implies ((all a5: A | 7 >= #a5.f)) }
check { (some a1: A | (some a2: A | min !> #A)) } for 2 but 4 Int
