sig A { f: Int }
fact { ((all a1: A | (a1.f = -1) => (a1.f =< a1.f))) implies (((nonpos[#A]) && (min < #A)) implies ((one a2: A | 6 = 7))) }
check { all x: Int | (x >> 1) << 1 = x } for 2
