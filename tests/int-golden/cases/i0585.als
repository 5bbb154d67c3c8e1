sig A { f: Int, h: B -> Int, r: set B }
sig B {}
fact { (all x1, x2: Int | (no a3: A | a3.f = x1)) }
check { eq[-1, int[Int[3]]] } for 2 Int, 2 A, 2 B
