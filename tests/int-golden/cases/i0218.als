sig A { g: set Int, k: lone Int }
sig B {}
fact { -2 < #B }
check { (lone x1: Int | not (A.g = 1)) } for 5 Int, 3 A, 2 B
