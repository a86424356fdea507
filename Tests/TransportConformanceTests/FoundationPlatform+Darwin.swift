// Which Foundation the tests run on. The Apple branch (`false`) is never compiled on the Linux
// machines Courier is developed on; it calls nothing.

/// The Foundation the conformance suite runs against.
enum FoundationPlatform {
    /// Whether URLSession is swift-corelibs-foundation's (FoundationNetworking, Linux), whose
    /// exceptions ``TransportUnderTest`` lists make, rather than Apple's.
    static var isCorelibs: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }
}
