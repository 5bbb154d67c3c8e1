sig A {}
var sig V {}
var sig W {}
fact { always ((not (lone (V + V))) iff (some W)) }
assert claim { always (eventually ((W in W') or (W' in W))) }
check claim for 2 but 2..3 steps
