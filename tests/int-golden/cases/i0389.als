sig A { g: set Int, k: lone Int, r: set A }
fact { ! (! (2 <= #A)) }
run { not ((let l1 = ((let l2 = #A.r | l2) - ((#A.g not >= #A) => 0 else #A.g)) | (one a3: A | (all a4: A | #A >= l1)))) } for 1 but 3 Int, 1 A
