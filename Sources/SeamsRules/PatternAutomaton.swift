import Foundation

/// A pattern's program turned, as names need them, into a deterministic automaton over ASCII
/// bytes: each set of program states a name's prefix can leave is made a state once, with its
/// move on each byte, so a name is matched with one table look-up per byte. A rule matches every
/// type of the scan, and the names share their prefixes (`Module.`), so few states are ever made.
/// At most `maxStates` (a pattern whose sets of states are many, or a name that is not ASCII, is
/// matched by the program itself): memory stays bounded and time linear.
final class PatternAutomaton: @unchecked Sendable {
    static let maxStates = 2048
    /// No move: the name cannot match.
    private static let dead: Int32 = 0
    private static let initial: Int32 = 1
    private static let unknown: Int32 = -1

    let program: PatternProgram
    /// Everything below is guarded by `lock`: a pattern may be matched from several threads.
    private let lock = NSLock()
    /// `state * 128 + byte` → the next state, or `unknown` until first needed; room for
    /// `capacity` states. Memory of its own rather than an array: in a debug build, reading an
    /// array held by a class retained and released it at every byte.
    private var moves: UnsafeMutablePointer<Int32>
    private var capacity = 4
    private var accepting: [Bool] = []
    /// Each state's program states that read a character.
    private var reading: [[Int]] = []
    private var states: [Kernel: Int32] = [:]

    /// A state: the program states a byte led to, before following jumps and splits (so that
    /// `$` can be decided at the end). The first state follows `^` too.
    private struct Kernel: Hashable {
        var pcs: [Int]
        var first: Bool
    }

    init(_ program: PatternProgram) {
        self.program = program
        moves = .allocate(capacity: capacity * 128)
        _ = add(Kernel(pcs: [], first: false))
        _ = add(Kernel(pcs: [0], first: true))
    }

    deinit { moves.deallocate() }

    /// Whether the whole of `text` matches; nil when it is not plain ASCII (a CR may join the LF
    /// after it, a letter the accent after it) or the automaton is full: the program decides.
    func matches(ascii text: String) -> Bool? {
        var text = text
        return text.withUTF8(matches)
    }

    /// The same over the name's bytes (read where they lie: a debug build spent most of a check
    /// in the generic iteration of a `String.UTF8View`).
    private func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        lock.lock()
        defer { lock.unlock() }
        var state = Self.initial
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard byte < 0x80, byte != 0x0D else { return nil }
            var next = moves[Int(state) &* 128 &+ Int(byte)]
            if next == Self.unknown {
                guard let made = move(from: state, on: byte) else { return nil }
                next = made
            }
            if next == Self.dead {
                // No match, if the rest is ASCII too (else its characters are not its bytes).
                while i < bytes.count {
                    if bytes[i] >= 0x80 || bytes[i] == 0x0D { return nil }
                    i += 1
                }
                return false
            }
            state = next
            i += 1
        }
        return accepting[Int(state)]
    }

    /// The state `state` moves to on `byte`, made if new; nil when the automaton is full.
    private func move(from state: Int32, on byte: UInt8) -> Int32? {
        var target: [Int] = []
        for pc in reading[Int(state)] where program.passes(program.ops[pc], byte: byte) { target.append(pc + 1) }
        let kernel = Kernel(pcs: Array(Set(target)).sorted(), first: false)
        let next: Int32
        if let known = states[kernel] {
            next = known
        } else {
            guard states.count < Self.maxStates else { return nil }
            next = add(kernel)
        }
        moves[Int(state) * 128 + Int(byte)] = next
        return next
    }

    private func add(_ kernel: Kernel) -> Int32 {
        let id = Int32(reading.count)
        states[kernel] = id
        let count = program.ops.count
        var marks = [UInt32](repeating: 0, count: count)
        var endMarks = [UInt32](repeating: 0, count: count)
        var stack: [Int] = []
        var reads: [Int] = []
        var atEnd: [Int] = []
        for pc in kernel.pcs {
            program.follow(
                pc, into: &reads, marks: &marks, generation: 1, atStart: kernel.first, atEnd: false, stack: &stack)
            program.follow(
                pc, into: &atEnd, marks: &endMarks, generation: 1, atStart: kernel.first, atEnd: true, stack: &stack)
        }
        // The dead state has no moves but to itself.
        let isDead = reads.allSatisfy { pc in
            if case .match = program.ops[pc] { return true }
            return false
        }
        if reading.count == capacity {
            let larger = UnsafeMutablePointer<Int32>.allocate(capacity: capacity * 2 * 128)
            larger.update(from: moves, count: capacity * 128)
            moves.deallocate()
            moves = larger
            capacity *= 2
        }
        (moves + Int(id) * 128).initialize(repeating: isDead ? Self.dead : Self.unknown, count: 128)
        reading.append(reads)
        accepting.append(count > 0 && atEnd.contains(count - 1))
        return id
    }
}
