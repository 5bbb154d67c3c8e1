open util/integer
sig A { r: set A }
fun twist[p: Int]: Int { minus[(0 + p), ((#A.r > p) implies p else #A)] }
pred prop[q: Int] { (lone x5: Int | (x5 =< x5) && (x5 <= 3)) }
fact { (all x3: Int | (one x4: Int | #A <= x4)) }
run { (let l1 = sub[min, (sum a2: A | 0.add[#a2.r])] | ((1 << 2)).plus[(l1 + 2)] !< ((-9 >>> #A)).add[#A]) } for 3 but 4 Int
