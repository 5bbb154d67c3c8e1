lone sig A { h: B -> Int, r: set B }
sig B {}
run { (#A).plus[#A] < #A } for 2 but 5 Int, 1 A
