sig A { f: Int }
check { A.f != (((sum a1: A | -16)).minus[sub[-1, -2]]).sub[((#A.f).add[#A] >>> 2)] } for 5 Int, 3 A
