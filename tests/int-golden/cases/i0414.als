sig A { f: Int, k: lone Int }
fact { (0 >>> 0) > add[1, min] }
fact { #A =< #A }
check { not ((all a1: A | ((no x2: Int | #a1.f >= x2)) implies ((one a1.k) implies (a1.f in A.k)))) } for 2 Int, 2 A
