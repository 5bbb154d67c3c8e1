open util/integer
lone sig A { f: Int }
fact { gt[(larger[-3, 32]).div[15.add[1]], #A] }
run { (some a1: A | lt[17, #a1.f]) } for 1 but 5 Int
