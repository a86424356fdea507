/// Finishes a download to a file whose body was interrupted, as ``DownloadResumption`` says:
/// the client runs it for every call whose body goes to a file, just outside authentication, so
/// that each further request gets its credentials again and the cache, coalescing and retry
/// see one exchange.
///
/// It gives the transport a ``PartialDownload`` that keeps the partial file across attempts,
/// and removes that file itself when the call ends without a whole body (failure, cancellation,
/// the attempts used up), before the error reaches the caller, whatever the transport's own
/// tasks are still doing. Downloads it may not resume (resumption disabled, not a `GET`, a
/// `Range` of the caller's own) get that cleanup too.
struct DownloadResumer: Ware {
    var position: WarePosition { .before(.authentication) }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        guard case .file(let destination) = request.responseDelivery.mode else { return try await next(request, context) }
        let setting = request.downloadResumption ?? context.service.downloadResumption ?? .standard
        let resumable = request.http.method == .get && request.http.headerFields[.range] == nil
        let limit = resumable ? setting.attempts : 0

        let download = PartialDownload(destination: destination)
        defer { download.remove() }
        var attempt = context
        var further = 0
        while true {
            do {
                return try await next(download.prepare(request), attempt)
            } catch {
                guard further < limit, !Task.isCancelled, let plan = download.plan(after: error) else { throw error }
                further += 1
                attempt.attempt += 1
                switch plan {
                case .resume(let offset):
                    attempt.logger.debug("download interrupted; asking for the rest", metadata: ["courier.download.offset": "\(offset)"])
                case .restart:
                    attempt.logger.debug("download interrupted; starting it over")
                }
            }
        }
    }
}
