sig A { f: Int, g: set Int }
sig B {}
fun twist[p: Int]: Int { p }
fact { some A.g }
run { #A <= 1 } for 2 but 4 Int, exactly 2 A
