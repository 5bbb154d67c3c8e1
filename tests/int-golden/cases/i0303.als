open util/integer
sig A { g: set Int }
run { ((sum a1: A | #a1.g)).plus[(sum n2: A.g | min)] not =< (let l3 = 1.minus[-16] | 15) } for 2 but 5 Int
