import Foundation
import HTTPTypes

/// One download to a file across the attempts that continue it after an interruption: the
/// partial file they all write, the validator of what it holds, and where the attempt under way
/// asked to start.
///
/// The resuming ware makes one per call and hands it to the transport in the request's options
/// (``Slot``); the transport asks ``file(for:method:)`` for its file once the head arrived
/// (through ``FileDownload/make(for:destination:head:)``), and leaves the file in place when the
/// attempt fails (``FileDownload/discard()`` keeps a held file). Between attempts the ware asks
/// ``plan(after:)`` what to send next, and ``remove()``s the file when it gives up: whatever
/// happens, a file is left only where a whole body was committed.
///
/// The file is used by one party at a time: the transport during an attempt, the ware between
/// attempts; the lock makes each hand-over visible to the other.
package final class PartialDownload: Sendable {
    /// The option under which a request carries its download to the transport.
    package enum Slot: OptionKey {
        package static var defaultValue: PartialDownload? { nil }
    }

    /// What the next attempt sends.
    enum Plan: Equatable {
        /// `Range: bytes=<offset>-` with `If-Range`, keeping the bytes before `offset`.
        case resume(from: Int)
        /// The request as it was, writing the file again from its start.
        case restart
    }

    private struct State {
        var file: FileDownload?
        /// The `If-Range` validator of the representation in the file.
        var validator: String?
        /// The last head said not to ask for ranges (`Accept-Ranges: none`, or a coded body).
        var refusesRanges = false
        /// Where the attempt under way asked to start; `nil` for the whole body.
        var offset: Int?
        /// The last attempt's `206` could not continue the file.
        var unusableRange = false
    }

    /// Where the body goes once whole (`nil`: a temporary file the caller owns).
    let destination: URL?
    private let state = Locked(State())

    /// A download to `destination` that has not started.
    init(destination: URL?) {
        self.destination = destination
    }

    /// `request` as the next attempt sends it: carrying this download, and asking for the rest
    /// of the body when the plan is to resume (`Range` and `If-Range`), the whole body otherwise.
    func prepare(_ request: PreparedRequest) -> PreparedRequest {
        var request = request
        request.options[Slot.self] = self
        let (offset, validator) = state.withLock { ($0.offset, $0.validator) }
        if let offset, let validator {
            request.http.headerFields[.range] = "bytes=\(offset)-"
            request.http.headerFields[.ifRange] = validator
        }
        return request
    }

    /// The file for the body `head` starts, positioned where that body goes: after the bytes
    /// kept when `head` is a `206` whose `Content-Range` starts where the attempt asked, at the
    /// start otherwise (a `200`: the server ignored the range, or `If-Range` found another
    /// representation).
    ///
    /// - Throws: ``CourierError`` when the file cannot be created or cut, or when `head` is a
    ///   `206` for another range or a coded body (then the next attempt starts over).
    func file(for head: HTTPResponse, method: HTTPRequest.Method) throws(CourierError) -> FileDownload {
        let (existing, offset, sentValidator) = state.withLock { state in
            state.unusableRange = false
            return (state.file, state.offset, state.validator)
        }
        // What the earlier answers said the whole body is, to hold a `206` to it.
        let wholeLength = existing?.expectedLength
        let file: FileDownload
        if let existing { file = existing } else { file = try FileDownload(destination: destination) }
        file.isHeld = true
        let range = RangeFields.ContentRange(head.headerFields[.contentRange])
        if let offset, head.status == .partialContent {
            // The rest of the same representation: its own strong ETag (if any) the one If-Range
            // named, its total (if given) the whole body's length (a server ignoring If-Range
            // answers with another version's bytes).
            let tag = RangeFields.validator(of: head).flatMap { $0.hasPrefix("\"") ? $0 : nil }
            let sameVersion = !(sentValidator?.hasPrefix("\"") == true && tag != nil && tag != sentValidator)
            let sameLength = range?.total == nil || wholeLength == nil || range?.total == wholeLength
            guard let range, range.first == offset, offset <= file.written, RangeFields.isIdentity(head), sameVersion, sameLength else {
                state.withLock { state in
                    state.file = file
                    state.unusableRange = true
                }
                throw CourierError.transport(.other(UnusableRange(offset: offset, contentRange: head.headerFields[.contentRange])))
            }
            try file.truncate(to: offset)
            // To the whole body's end: a `206` that stops short of it (a server capping ranges)
            // leaves the file unfinished, and the next request continues it.
            file.expectedLength = range.total ?? range.last + 1
        } else {
            try file.truncate(to: 0)
            file.expectedLength = RangeFields.declaredLength(of: head, method: method)
        }
        let validator = RangeFields.validator(of: head)
        let refuses = RangeFields.refusesRanges(head) || !RangeFields.isIdentity(head)
        state.withLock { state in
            state.file = file
            // A `206` continues the representation `If-Range` named: its validator stays.
            if head.status != .partialContent || validator != nil { state.validator = validator }
            state.refusesRanges = refuses
        }
        return file
    }

    /// What to send after an attempt failed with `error`, or `nil` when the failure is not an
    /// interrupted body (no head arrived in any attempt, a status, a timeout, cancellation…).
    ///
    /// A connection lost mid-body resumes from the bytes kept when the representation has a
    /// validator and ranges were not refused, and restarts otherwise; a `206` for another range
    /// or a `416` to a range request restarts.
    func plan(after error: any Error) -> Plan? {
        guard !(error is CancellationError), let error = error as? CourierError else { return nil }
        return state.withLock { state -> Plan? in
            guard let file = state.file, file.isOpen else { return nil }
            let plan: Plan?
            switch error.reason {
            case .transport(.other(let failure)) where failure is UnusableRange && state.unusableRange:
                plan = .restart
            case .status(let response) where response.status.code == 416 && state.offset != nil:
                plan = .restart
            case .transport(.connectionLost):
                let kept = file.written
                plan = kept > 0 && state.validator != nil && !state.refusesRanges ? .resume(from: kept) : .restart
            default:
                plan = nil
            }
            switch plan {
            case .resume(let offset): state.offset = offset
            case .restart: state.offset = nil
            case nil: break
            }
            return plan
        }
    }

    /// Removes the partial file, unless it was committed.
    func remove() {
        let file = state.withLock { state -> FileDownload? in
            defer { state.file = nil }
            return state.file
        }
        file?.remove()
    }
}

/// A `206` that cannot continue the partial file: another range than asked for, or a coded body.
struct UnusableRange: Error, CustomStringConvertible {
    /// Where the request asked the body to start.
    let offset: Int
    /// What the server said it sent.
    let contentRange: String?

    var description: String {
        "the server answered a request for the body from byte \(offset) with \(contentRange ?? "no Content-Range")"
    }
}
