sig A {}
sig B { v: Int }
fact { (some a2: A | #B.v !< #B.v) }
fact { (#B.v).sub[(#B.v).add[#A]] not = ((#B.v - #A)).mul[(sum b3: B | #A)] }
check { (sum b1: B | (b1.v >> 3)) < (int[B.v] >> div[#A, 14]) } for 3 but 5 Int, 2 B
