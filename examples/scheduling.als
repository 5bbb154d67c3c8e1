-- Exam scheduling: every exam gets one slot and one room, no room holds two exams at once,
-- a student's exams are in different slots, and no slot is left empty.
--
-- Shows off: a `some` field, `one sig`, arrow multiplicities `Exam some -> one Slot` and
-- `Exam -> one Room`, receiver funs without parameters (`fun Exam.slot: Slot`) called as
-- `e.slot`, a three-column comprehension, box join twice (`occupancy[s][r]`), the `lone`
-- test, `all disj`, `some disj`, `for N but exactly M X`, `for N but M X, exactly K Y`,
-- `run name`, `run { ... }`, `check name`.

module scheduling

sig Exam {}
sig Slot {}
sig Room {}
sig Student { takes: some Exam }

one sig Plan {
  slotOf: Exam some -> one Slot,
  roomOf: Exam -> one Room
}

fun Exam.slot: Slot { Plan.slotOf[this] }
fun Exam.room: Room { Plan.roomOf[this] }

-- which exam sits in which room in which slot
fun occupancy: Slot -> Room -> Exam { { s: Slot, r: Room, e: Exam | e.slot = s and e.room = r } }

fact noDoubleBooking { all s: Slot, r: Room | lone occupancy[s][r] }

fact noClash { all st: Student | all disj e1, e2: st.takes | e1.slot != e2.slot }

pred someoneTakesAll { some st: Student | st.takes = Exam }

assert sameSlotDifferentRooms {
  all disj e1, e2: Exam | e1.slot = e2.slot implies e1.room != e2.room
}
assert noIdleSlot { Slot in Exam.(Plan.slotOf) }
assert noIdleRoom { Room in Exam.(Plan.roomOf) }

-- Witness: exams e0, e1, e2 in slots s0, s1, s2, all in room r0; one student takes all.
run someoneTakesAll for 3 but exactly 3 Exam expect 1

-- A student taking all 3 exams needs them in 3 different slots; only 2 slots are allowed.
run someoneTakesAll for 3 but 2 Slot, exactly 3 Exam expect 0

-- Two exams in the same slot and room would both be in occupancy[s][r].
check sameSlotDifferentRooms expect 0

-- `Exam some -> one Slot`: every slot has some exam.
check noIdleSlot expect 0

-- Counterexample: one exam in room r0, and a second room r1 that nobody uses.
check noIdleRoom expect 1

-- Two exams in one slot need two rooms.
run { some disj e1, e2: Exam | e1.slot = e2.slot } for 3 but 1 Room expect 0
