open util/integer
sig A { f: Int, g: set Int, r: set A }
fact { (#A =< #A.g) <=> ((some a1: A | a1.f not in a1.g)) }
check { mul[signum[#A], (max fun/rem #A.r)] <= (1.mul[#A.r]).mul[(#A).plus[7]] } for 4 Int, 2 A
