import CZlib
import Foundation

/// gzip through zlib, in process: what an explorer page's data and drawings are packed with (the
/// page inflates them with the browser's `DecompressionStream`). The same bytes in give the same
/// bytes out: the header carries no time and no name.
public enum Gzip {
    public static func compress(_ input: Data, level: Int32 = 6) -> Data {
        var stream = z_stream()
        // 15 bits of window, +16: a gzip header and trailer rather than zlib's.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { preconditionFailure("zlib could not start: out of memory") }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(input.count))))
        let written = input.withUnsafeBytes { (source: UnsafeRawBufferPointer) -> Int in
            output.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) -> Int in
                stream.next_in = UnsafeMutablePointer(
                    mutating: source.bindMemory(to: Bytef.self).baseAddress ?? UnsafePointer(bitPattern: 1)!)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(target.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflateBound's room was not enough")
                return Int(stream.total_out)
            }
        }
        output.count = written
        return output
    }

    /// The bytes a gzip stream holds; nil when it is not one, or damaged.
    public static func decompress(_ input: Data) -> Data? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let ok = input.withUnsafeBytes { (source: UnsafeRawBufferPointer) -> Bool in
            stream.next_in = UnsafeMutablePointer(
                mutating: source.bindMemory(to: Bytef.self).baseAddress ?? UnsafePointer(bitPattern: 1)!)
            stream.avail_in = uInt(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                if status == Z_STREAM_END { return stream.avail_in == 0 }
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return false }
            }
        }
        return ok ? output : nil
    }
}
