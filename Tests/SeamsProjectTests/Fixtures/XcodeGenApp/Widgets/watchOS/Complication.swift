struct Complication {}
