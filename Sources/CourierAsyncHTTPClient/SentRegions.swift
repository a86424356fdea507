// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files an upload sends as `FileRegion`s (see ``FileRegionUpload``), each closed once the
/// last of its regions is on the socket.
///
/// Why: AsyncHTTPClient's body writer completes a write's future once it has *taken* the write
/// (at once while the connection is writable), not once the write reached the socket. Closing a
/// file then left its last regions queued for a socket that a slowly reading server kept full;
/// SwiftNIO's `sendfile` found the handle closed and the upload failed with "can't close file (as
/// it's not open anymore)". Only the delegate hears when a part is sent (`didSendRequestPart`),
/// so ``DelegateExchange`` reports each here.
///
/// A region that is never sent (its connection closed first) is never reported: when the
/// exchange ends with its connection closed, ``abandon()`` closes every file, since no region of
/// it can go out any more.
final class SentRegions: Sendable {
    private struct File {
        let handle: NIOFileHandle
        /// Regions handed to AsyncHTTPClient and not reported sent.
        var unsent = 0
        /// The writer hands over no more regions of the file.
        var finished = false
    }

    private struct State {
        var files: [ObjectIdentifier: File] = [:]
        var abandoned = false
        /// Bytes of the body on the socket, regions and buffers alike.
        var bytesSent = 0
    }

    private let state = Locked(State())
    /// Where a close the channel refused, because it was sending from the file that moment, is
    /// tried again.
    private let loop: any EventLoop

    /// Tracks the files of an exchange whose delegate runs on `loop`.
    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Closes what is still open once nothing can report on it: the exchange and its deadline's
    /// task are gone, which on a loop shut down before that deadline is the only end left.
    deinit {
        for file in state.withLock({ $0.files.values }) { try? file.handle.close() }
    }

    /// A region of `handle` is about to be handed over: called before the write, since the
    /// event loop may send it before the write call returns.
    func handingOver(_ handle: NIOFileHandle) {
        state.withLock { state in
            state.files[ObjectIdentifier(handle), default: File(handle: handle)].unsent += 1
        }
    }

    /// AsyncHTTPClient sent `part` to the socket (the delegate's `didSendRequestPart`); returns
    /// how many bytes of the body are on the socket now, which is the upload's progress.
    func sent(_ part: IOData) -> Int {
        let (done, bytesSent) = state.withLock { state -> (NIOFileHandle?, Int) in
            state.bytesSent += part.readableBytes
            guard case .fileRegion(let region) = part else { return (nil, state.bytesSent) }
            let key = ObjectIdentifier(region.fileHandle)
            guard var file = state.files[key] else { return (nil, state.bytesSent) }
            file.unsent -= 1
            guard file.finished, file.unsent <= 0 else {
                state.files[key] = file
                return (nil, state.bytesSent)
            }
            state.files[key] = nil
            return (file.handle, state.bytesSent)
        }
        if let done { close(done) }
        return bytesSent
    }

    /// The writer hands over no more regions of `handle` (it finished the file, stopped or
    /// failed): the file closes once the regions handed over are sent, or now when none is left.
    func finished(_ handle: NIOFileHandle) {
        let done = state.withLock { state -> Bool in
            let key = ObjectIdentifier(handle)
            guard var file = state.files[key], file.unsent > 0, !state.abandoned else {
                state.files[key] = nil
                return true
            }
            file.finished = true
            state.files[key] = file
            return false
        }
        if done { close(handle) }
    }

    /// The exchange ended and its connection was closed, so no region still queued will be sent:
    /// closes every file the writer has finished with, and from now on each one it finishes.
    func abandon() {
        let files = state.withLock { state -> [File] in
            state.abandoned = true
            let finished = state.files.values.filter(\.finished)
            state.files = state.files.filter { !$0.value.finished }
            return Array(finished)
        }
        for file in files { close(file.handle) }
    }

    /// Closes `handle`; while the channel is sending from it (a closing connection's last
    /// `sendfile`), the handle refuses with `EBUSY`, and the close is tried again shortly after.
    private func close(_ handle: NIOFileHandle) {
        do {
            try handle.close()
        } catch let error as IOError where error.errnoCode == EBUSY {
            loop.scheduleTask(in: .milliseconds(1)) { self.close(handle) }
        } catch {
            // Already closed: nothing is left open.
        }
    }

    /// Whether regions handed over are still waiting to be reported sent.
    var hasUnsent: Bool {
        state.withLock { state in state.files.values.contains { $0.unsent > 0 } }
    }
}
#endif
