sig A { k: lone Int }
run { (1 < (let l1 = #A | l1)) || (eq[((-2 > #A) => #A.k else #A.k), (let l2 = #A | -4)]) } for 3 Int
