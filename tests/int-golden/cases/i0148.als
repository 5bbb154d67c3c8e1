open util/integer
lone sig A { g: set Int }
fact { add[#A.g, 15] < add[#A.g, #A.g] }
check { no x: Int | x.plus[3] != x } for 1 but 5 Int
