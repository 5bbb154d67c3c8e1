open util/integer
sig A { g: set Int }
fact { #A.g <= (#A << #A) }
check { #(Int - max.nexts) = #Int } for 3 Int
