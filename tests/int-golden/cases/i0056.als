open util/integer
sig A { r: set A }
sig B {}
fun twist[p: Int]: Int { #A }
pred prop[q: Int] { ((one b6: B | q = q)) || (! (1 =< #A)) }
check { (((all x1: Int | (one x2: Int | prop[#A]))) and ((let l3 = 2.minus[7] | (l3 <= 8) <=> (-1 > -8)))) implies ((all x4: Int | ((x4 >= x4) => (3 >= max)) implies ((let l5 = 9 | x4 <= min)))) } for 3 but 4 Int, 2 B
