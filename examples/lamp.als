// A lamp that can break, in Alloy 6's temporal logic: a `var` field changes from state
// to state, primes (`state'`) read the next state, and facts without `always` hold in the
// first state only. Instances are traces: `solder run examples/lamp.als` prints each
// state and where the trace loops back.

abstract sig Status {}
one sig On, Off, Broken extends Status {}

one sig Lamp {
  var status: one Status
}

fact init { Lamp.status = Off }

pred turnOn   { Lamp.status = Off and Lamp.status' = On }
pred turnOff  { Lamp.status = On and Lamp.status' = Off }
pred breaks   { Lamp.status = On and Lamp.status' = Broken }
pred nothing  { Lamp.status' = Lamp.status }

fact transitions { always (turnOn or turnOff or breaks or nothing) }

// The lamp can be on, and can end up broken (the shortest trace has three states).
run lightsOn { eventually Lamp.status = On } expect 1
run breaksDown { eventually Lamp.status = Broken } expect 1

// Once broken, always broken; it only breaks while on; it need not ever break.
assert staysBroken { always (Lamp.status = Broken implies always Lamp.status = Broken) }
check staysBroken expect 0
assert onBeforeBroken { always (Lamp.status = Broken implies once Lamp.status = On) }
check onBeforeBroken expect 0
assert alwaysBreaks { eventually Lamp.status = Broken }
check alwaysBreaks expect 1
