/// Finds templates that include themselves, directly or through other partials, and partial tags
/// that name no template.
///
/// A Mustache partial tag (`{{> Name}}`, or a parent tag `{{< Name}}`) renders the named template
/// in place; a cycle of them never ends, and the template engine would recurse until the stack
/// overflows. The check reads the tags from the texts before anything is rendered.
enum PartialCycleCheck {
    /// One `{{> Name}}` or `{{< Name}}` tag: the partial it names and where it was written.
    struct Inclusion: Equatable {
        /// The included template's name.
        var name: String
        /// 1-based line of the tag's `{{`.
        var line: Int
        /// 1-based column (in characters) of the tag's `{{`.
        var column: Int
    }

    /// The first cycle found in `templates`, as a ``RenderError/recursiveTemplate(file:line:column:cycle:)``,
    /// or `nil` when no template includes itself. The file templates are followed first, then the
    /// rest in name order, so a cycle is reported as a render would meet it.
    static func firstCycle(in templates: TemplateSet) -> RenderError? {
        let inclusions = templates.texts.mapValues(inclusions(in:))
        var finished: Set<String> = []
        let roots = OutputLayout.FileKind.allCases.map(\.templateName).filter { inclusions[$0] != nil }
        for start in roots + inclusions.keys.sorted() where !finished.contains(start) {
            var path: [(template: String, via: Inclusion?)] = []
            if let error = visit(start, via: nil, inclusions: inclusions, templates: templates, path: &path, finished: &finished) {
                return error
            }
        }
        return nil
    }

    /// The first partial or parent tag naming a template that is not in `templates`, as a
    /// ``RenderError/missingPartial(file:line:column:template:partial:)``; templates in name
    /// order, tags in text order. The engine renders such a tag as nothing, so a misspelt or
    /// forgotten partial of a custom folder would leave a hole in the generated code and still
    /// succeed. A dynamic partial (`{{>*name}}`), named by the render model, cannot be checked.
    static func firstMissingPartial(in templates: TemplateSet) -> RenderError? {
        for name in templates.texts.keys.sorted() {
            for tag in inclusions(in: templates.texts[name] ?? "") where !tag.name.hasPrefix("*") && templates.texts[tag.name] == nil {
                return .missingPartial(
                    file: templates.paths[name] ?? name, line: tag.line, column: tag.column, template: name, partial: tag.name)
            }
        }
        return nil
    }

    private static func visit(
        _ name: String, via: Inclusion?, inclusions: [String: [Inclusion]], templates: TemplateSet,
        path: inout [(template: String, via: Inclusion?)], finished: inout Set<String>
    ) -> RenderError? {
        if let index = path.firstIndex(where: { $0.template == name }) {
            // The tag that closes the cycle is in the last template of the path.
            let includer = path[path.count - 1].template
            let tag = via ?? Inclusion(name: name, line: 1, column: 1)
            let cycle = path[index...].map(\.template) + [name]
            return .recursiveTemplate(
                file: templates.paths[includer] ?? includer, line: tag.line, column: tag.column, cycle: cycle)
        }
        guard !finished.contains(name), let tags = inclusions[name] else { return nil }
        path.append((name, via))
        for tag in tags {
            if let error = visit(tag.name, via: tag, inclusions: inclusions, templates: templates, path: &path, finished: &finished) {
                return error
            }
        }
        path.removeLast()
        finished.insert(name)
        return nil
    }

    /// The partial and parent tags of a template text, in order. Honours `{{=<% %>=}}` delimiter
    /// changes, so a tag written with other delimiters is still seen.
    static func inclusions(in text: String) -> [Inclusion] {
        let characters = Array(text)
        var open: [Character] = ["{", "{"]
        var close: [Character] = ["}", "}"]
        var found: [Inclusion] = []
        var index = 0
        var line = 1
        var column = 1
        func matches(_ token: [Character], at position: Int) -> Bool {
            guard position + token.count <= characters.count else { return false }
            return characters[position..<(position + token.count)].elementsEqual(token)
        }
        func advance(to target: Int) {
            while index < target, index < characters.count {
                if characters[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
            }
        }
        while index < characters.count {
            guard matches(open, at: index) else { advance(to: index + 1); continue }
            let tagLine = line, tagColumn = column
            var end = index + open.count
            while end < characters.count, !matches(close, at: end) { end += 1 }
            guard end < characters.count else { break }
            let body = String(characters[(index + open.count)..<end])
            let trimmed = body.trimmingWhitespace()
            if let sigil = trimmed.first, sigil == ">" || sigil == "<" {
                let name = String(trimmed.dropFirst()).trimmingWhitespace()
                if !name.isEmpty { found.append(Inclusion(name: name, line: tagLine, column: tagColumn)) }
            } else if trimmed.first == "=", trimmed.last == "=" {
                let parts = trimmed.dropFirst().dropLast().split(whereSeparator: \.isWhitespace)
                if parts.count == 2 {
                    open = Array(parts[0])
                    close = Array(parts[1])
                }
            }
            advance(to: end + close.count)
        }
        return found
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
