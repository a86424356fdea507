import Foundation

/// Tells a stream's terminator (`[DONE]`) in an event's data.
@usableFromInline
enum StreamTerminator {
    /// Whether `data` is `terminator`, spaces and tabs around either left out: an event's data
    /// keeps every space after the field's first (`data: [DONE] ` is `[DONE] `), and a server that
    /// pads its terminator still means the end rather than an element that does not decode.
    @inlinable
    static func matches(_ data: Data, _ terminator: Data) -> Bool {
        data == terminator || trimmed(data).elementsEqual(trimmed(terminator))
    }

    /// `data` without the spaces and tabs at its ends.
    @inlinable
    static func trimmed(_ data: Data) -> Data.SubSequence {
        var slice = data[...]
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }
}
