open util/integer
sig A { f: Int }
run { not (not (max != #A)) } for 2
