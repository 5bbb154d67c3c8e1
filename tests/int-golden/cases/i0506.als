sig A { f: Int, g: set Int, k: lone Int }
sig B {}
fun twist[p: Int]: Int { add[(-16 fun/mul p), 1.add[-15]] }
fact { (all x1, x2: Int | neg[-3]) }
run { pos[add[14, twist[#A]]] } for 3 but 5 Int, 3 B
