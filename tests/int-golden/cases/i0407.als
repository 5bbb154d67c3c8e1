open util/integer
sig A { g: set Int, r: set B }
sig B { v: Int }
check { ((let l1 = minus[0, -3] | -3 >= 1)) <=> ((#A.r fun/rem 7) not =< (#B.v).rem[#B]) } for 3 but 4 Int
