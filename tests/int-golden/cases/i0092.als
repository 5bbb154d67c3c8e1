sig A { h: A -> Int }
check { ((#A.(A.h) fun/add -4) - ((-4 fun/rem #A)).sub[(A.(A.h))]) in (-3 & A.(A.h)) } for 3 Int, 1 A
