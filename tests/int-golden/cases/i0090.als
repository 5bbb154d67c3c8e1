sig A {}
some sig B {}
pred prop[q: Int] { (no x1: Int | (lone a2: A | #A =< 1)) }
check { #(Int - max.nexts) = #Int } for 3 but 5 Int, 1 A, 3 B
