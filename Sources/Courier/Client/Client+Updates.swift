/// Calls that answer more than once.
extension Client {
    /// Sends `request` and yields every response the call produces: usually one; two when a
    /// ware answers early and then finally, such as a cache returning the stored value before
    /// the network's (`localThenRemote`). A response equal to the last one yielded (same status
    /// and body: a final one after a `304 Not Modified`, or the stored one again when a retry
    /// asks the cache again) is not yielded again.
    ///
    /// The stream ends after the final response, or throws what the call threw. Ending the
    /// iteration early (or cancelling its task) cancels the call.
    ///
    /// ```swift
    /// for try await response in client.updates(for: Petstore.listPets()) {
    ///     show(response.value, stale: response.source != .network)
    /// }
    /// ```
    public func updates<Expected>(for request: Request<Expected>) -> AsyncThrowingStream<Response<Expected>, any Error> {
        let core = self.core
        return AsyncThrowingStream { continuation in
            let lastEarly = Locked<RawResponse?>(nil)
            let task = Task {
                do {
                    let (value, raw, context) = try await core.perform(request, parent: nil, skipping: []) { early, context in
                        // A ware outside the one answering early runs it again (Retry after a 503
                        // asks the cache again): the same stored answer is not news.
                        guard !lastEarly.withLock({ $0.map { Self.same($0, early) } ?? false }) else { return }
                        do {
                            let value = try CallDecoding.decode(early, with: request.decoding, decoder: core.decoder, redaction: core.service.redaction)
                            lastEarly.withLock { $0 = early }
                            continuation.yield(Response(value: value, raw: early, metrics: context.metricsSoFar))
                        } catch {
                            context.logger.debug("early response did not decode; waiting for the final one",
                                              metadata: ["courier.error": "\(error)"])
                        }
                    }
                    let repeated = lastEarly.withLock { early in early.map { Self.same($0, raw) } ?? false }
                    if !repeated { continuation.yield(Response(value: value, raw: raw, metrics: context.metricsSoFar)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Whether two responses say the same: status and a body in memory.
    private static func same(_ one: RawResponse, _ other: RawResponse) -> Bool {
        one.status == other.status && one.body.data != nil && one.body.data == other.body.data
    }
}
