import Foundation
import SeamsKit
import SeamsProject
import Testing

@Suite struct SubprocessTests {
    /// Reading stdout to its end before stderr would block here: the child fills the stderr pipe.
    @Test func largeOutputOnBothStreamsDoesNotBlock() throws {
        let script = "head -c 1000000 /dev/zero >&2; head -c 300000 /dev/zero; echo done >&2"
        let r = try Subprocess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: "/", timeout: 60)
        #expect(!r.timedOut)
        #expect(r.status == 0)
        #expect(r.stderr.count == 1_000_005)
        #expect(r.stdout.count == 300_000)
    }

    @Test func timeoutStopsTheProgram() throws {
        let r = try Subprocess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec sleep 30"], in: "/", timeout: 0.5)
        #expect(r.timedOut)
        #expect(r.status != 0)
    }
}
