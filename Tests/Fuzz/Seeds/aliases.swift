typealias A = B
typealias B = A
class A2: A2 {}
class U { let a: A = A(); func f() { A.run(); _ = A2.Missing.self } }
