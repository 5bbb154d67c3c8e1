sig A {}
fact { (one a2: A | (-3 not >= 0) or (one 6)) }
fact { not (min not >= #A) }
run { (let l1 = #A | nonpos[#A]) } for 1 but 4 Int
