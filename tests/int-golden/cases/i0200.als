sig A {}
run { (! (! (#A >= 0))) => (((#A >= -1) => (zero[#A]) else (#A not >= 2)) or (-7 !>= 9)) else ((17 fun/sub -2) =< 7.signum) } for 1 but 4 Int, exactly 1 A
