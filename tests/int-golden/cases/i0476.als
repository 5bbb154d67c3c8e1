open util/integer
sig A { g: set Int, r: set A }
fact { (#A > max) => (-33 != #A.g) else (-2 > #A.g) }
check { add[((#A.g - 3) - 3.add[#A]), ((#A fun/add 14)).next] not < ((((some x1: Int | -2 =< #A)) => (#A).add[-15] else 1)).mul[(let l2 = int[Int[100]] | -15)] } for 2 but 5 Int, exactly 2 A
