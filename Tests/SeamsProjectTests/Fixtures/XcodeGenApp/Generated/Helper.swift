// Not matched by `includes`.
enum Helper {}
