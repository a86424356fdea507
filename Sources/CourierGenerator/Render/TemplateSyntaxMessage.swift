import Mustache

/// A Mustache syntax error in words, for ``RenderError/invalidTemplate(file:line:column:message:)``:
/// the engine's errors are bare case names (`unfinishedName`), which tell a template author
/// neither what is wrong nor what to write instead.
enum TemplateSyntaxMessage {
    /// What `error`, thrown while parsing a template, means.
    static func of(_ error: any Error) -> String {
        if let error = error as? MustacheTemplate.Error { return message(error) }
        // The engine's reader has one error of its own, internal to it: it ran past the end of
        // the text while reading a tag. Known by its name only, as the type is not public.
        if String(describing: error) == "overflow" {
            return "the template ends inside a tag: a '{{' has no closing '}}' (or no closing delimiter set by '{{=…=}}')"
        }
        return "invalid template syntax (\(error))"
    }

    private static func message(_ error: MustacheTemplate.Error) -> String {
        switch error {
        case .sectionCloseNameIncorrect:
            "this tag closes a section that is not the one open: a '{{/name}}' must name the innermost open "
                + "'{{#name}}' or '{{^name}}'"
        case .unfinishedName:
            "a tag is not closed where its name ends: write '{{name}}', '{{{name}}}' or '{{#name}}' with nothing "
                + "but the name (and its transforms) inside"
        case .expectedSectionEnd:
            "a section is never closed: the template ends before the '{{/name}}' of a '{{#name}}', '{{^name}}' "
                + "or '{{$name}}'"
        case .invalidSetDelimiter:
            "a delimiter change must be two delimiters separated by a space between '=' signs, such as '{{=<% %>=}}'"
        case .transformAppliedToInheritanceSection:
            "a transform cannot apply to a block or a parent ('{{$name}}', '{{<name}}'): use the bare name"
        case .illegalTokenInsideInheritSection:
            "inside a parent ('{{<name}}' … '{{/name}}') only block definitions ('{{$name}}' … '{{/name}}') may stand"
        case .textInsideInheritSection:
            "text inside a parent ('{{<name}}' … '{{/name}}') is never rendered: put it in a block definition "
                + "('{{$name}}' … '{{/name}}')"
        case .invalidConfigVariableSyntax:
            "a configuration tag is written '{{% NAME: VALUE}}', such as '{{% CONTENT_TYPE: TEXT}}'"
        case .unrecognisedConfigVariable:
            "unknown configuration: the one setting is CONTENT_TYPE, with TEXT or HTML ('{{% CONTENT_TYPE: TEXT}}')"
        @unknown default:
            // A case a later version of the engine adds: its name, with the position, is still a start.
            "invalid template syntax (\(error))"
        }
    }
}
