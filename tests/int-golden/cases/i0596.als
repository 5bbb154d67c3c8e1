open util/integer
sig A { f: Int }
fact { (all x4: Int | x4 !in A.f) }
run { sub[((sum a1: A | #a1.f) << 1), (int[3]).add[larger[#A.f, #A]]] =< (rem[(sum a2: A | a2.f), ((#A.f != 3) implies -4 else 3)] fun/add (sum n3: A.f | (n3 - #A))) } for 2 but 3 Int, exactly 2 A
