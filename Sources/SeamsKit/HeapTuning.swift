import Foundation

/// The C heap, tuned for the command-line tools: a process that scans and exits, or
/// (`seams watch`) keeps one scan warm, where 64 MB left unreturned at a heap's top is no cost.
public enum HeapTuning {
    /// How much more than asked the heap grows by: 64 MB. Pages not touched cost no memory.
    static let topPadBytes: Int32 = 64 << 20

    /// glibc grows a thread's heap a few pages at a time, each step an `mprotect` call that takes
    /// the process's lock on its memory map: a warm scan of a 600k-line app, reading its 4,000
    /// cached files on two threads, made 17,000 of them and spent a quarter of that reading in
    /// the kernel. With 64 MB of padding per step, the steps are few: that reading went from
    /// 51-59 ms to 38-41 ms, and a warm one-file `seams scan` from a median of 224 ms to 209 ms.
    /// True when the heap was tuned (glibc); elsewhere the heap is left as it is.
    @discardableResult
    public static func applyForOneRun() -> Bool {
        #if os(Linux)
            // `mallopt` is not in the Glibc module: found by name in the running process.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            // M_TOP_PAD in <malloc.h>.
            let topPad: Int32 = -2
            return mallopt(topPad, topPadBytes) == 1
        #else
            return false
        #endif
    }

    /// Gives the pages of freed memory back to the system (glibc's `malloc_trim`). A process that
    /// runs one scan and exits never needs to; `seams watch` does after each check: its threads'
    /// heaps keep the pages of what each check freed. On a 233k-line app (home-assistant/iOS),
    /// ten checks in, the watch held 46 MB in use in 460 MB of heaps and was 280 MB resident;
    /// trimmed after each check, it was 130 MB. True when it ran.
    @discardableResult
    static func releaseFreeMemory() -> Bool {
        #if os(Linux)
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return false }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
            return true
        #else
            return false
        #endif
    }
}
