// Course enrolment with a cap of two students per course: students enrol, drop, and are
// graded; a pass is permanent. Written for solder's temporal examples; each `expect` is
// the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

sig Student {}
sig Course {
  var roster: set Student,
  var passed: set Student
}

fact start { no roster and no passed }

pred enrol[s: Student, c: Course] {
  s not in c.roster + c.passed
  #c.roster < 2
  roster' = roster + c -> s
  passed' = passed
}
pred drop[s: Student, c: Course] {
  s in c.roster
  roster' = roster - c -> s
  passed' = passed
}
pred pass[s: Student, c: Course] {
  s in c.roster
  roster' = roster - c -> s
  passed' = passed + c -> s
}
pred term { roster' = roster and passed' = passed }

fact behaviour { always (term or some s: Student, c: Course | enrol[s, c] or drop[s, c] or pass[s, c]) }

run fullCourse { eventually some c: Course | #c.roster = 2 } for 3 but 4 steps expect 1

assert capRespected { always all c: Course | #c.roster <= 2 }
check capRespected for 3 but 6 steps expect 0

assert passMeansEnrolled { always all c: Course, s: c.passed | once s in c.roster }
check passMeansEnrolled for 3 but 6 steps expect 0

assert passIsForever { always all c: Course, s: c.passed | always s in c.passed }
check passIsForever for 3 but 6 steps expect 0

// Wrong: dropping is not forever, a student can come back.
assert dropIsForever { always all c: Course, s: Student | drop[s, c] implies after always s not in c.roster }
check dropIsForever for 3 but 6 steps expect 1
