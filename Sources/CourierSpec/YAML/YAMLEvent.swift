/// One libyaml parser event, copied out of C memory into Swift values.
enum YAMLEvent: Sendable {
    /// The stream begins.
    case streamStart
    /// The stream ends; no more events follow.
    case streamEnd
    /// A document (`---` or implicit) begins.
    case documentStart
    /// A document ends.
    case documentEnd
    /// `*name`: a reference to an earlier anchored node.
    case alias(anchor: String)
    /// A scalar, possibly anchored (`&name value`).
    case scalar(YAMLScalar, anchor: String?)
    /// A sequence begins.
    case sequenceStart(anchor: String?)
    /// The innermost open sequence ends.
    case sequenceEnd
    /// A mapping begins; `isFlow` is true for `{ … }`.
    case mappingStart(anchor: String?, isFlow: Bool)
    /// The innermost open mapping ends.
    case mappingEnd
}

/// An event with the span libyaml reports for it.
struct LocatedEvent: Sendable {
    /// The event.
    var event: YAMLEvent
    /// Where it starts.
    var start: SourceLocation
    /// Where it ends.
    var end: SourceLocation
}

/// A problem libyaml reports: what, where, and the construct it was reading at the time.
struct YAMLSyntaxError: Error, Sendable {
    /// libyaml's description of the problem, such as "did not find expected key".
    var problem: String
    /// Where libyaml noticed the problem.
    var problemLocation: SourceLocation
    /// What libyaml was reading, such as "while parsing a block mapping", if it says.
    var context: String?
    /// Where that construct started.
    var contextLocation: SourceLocation?
}
