lone sig A { f: Int }
run { (((3 - 7) fun/add 3.sub[16])).add[mul[100.sub[#A], (-8 fun/mul #A.f)]] < ((let l1 = 2 | #A) >> 2) } for 1
