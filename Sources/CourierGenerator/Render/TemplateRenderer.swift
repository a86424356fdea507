import Foundation
import Mustache

/// The default render stage: Mustache templates, parsed once, rendered per spec.
public struct TemplateRenderer: FileRendering {
    private let library: MustacheLibrary

    /// Parses every template of `templates`.
    ///
    /// - Throws: ``RenderError/invalidTemplate(file:line:column:message:)`` at the first syntax error,
    ///   ``RenderError/missingPartial(file:line:column:template:partial:)`` at a partial tag naming no
    ///   template of the set, ``RenderError/recursiveTemplate(file:line:column:cycle:)`` when partials
    ///   include each other in a cycle.
    public init(templates: TemplateSet) throws(RenderError) {
        var library = MustacheLibrary()
        for name in templates.texts.keys.sorted() {
            guard let text = templates.texts[name] else { continue }
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw RenderError.invalidTemplate(
                    file: templates.paths[name] ?? name, line: error.context.lineNumber,
                    column: error.context.columnNumber, message: TemplateSyntaxMessage.of(error.error))
            } catch {
                throw RenderError.invalidTemplate(
                    file: templates.paths[name] ?? name, line: 1, column: 1, message: TemplateSyntaxMessage.of(error))
            }
        }
        if let missing = PartialCycleCheck.firstMissingPartial(in: templates) { throw missing }
        if let cycle = PartialCycleCheck.firstCycle(in: templates) { throw cycle }
        self.library = library
    }

    /// Renders the files of `model` (see ``OutputLayout``), concurrently: the output does not
    /// depend on the order.
    public func render(_ model: SpecRenderModel) throws(RenderError) -> [GeneratedFile] {
        let plans = Self.files(of: model)
        let jobs = plans.flatMap { file in file.templates.map { Job(template: $0, model: file.model) } }
        let results = RenderSlots(count: jobs.count)
        let library = self.library
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            // Wrapped here, after the template: templates write each signature on one line.
            results.set(index, library.render(jobs[index].model, withTemplate: jobs[index].template).map(LineWrapping.wrap))
        }
        let texts = results.values
        var files: [GeneratedFile] = []
        var index = 0
        for file in plans {
            var parts: [String] = []
            for _ in file.templates {
                guard let text = texts[index] else {
                    throw RenderError.missingTemplate(name: jobs[index].template, searched: ["the loaded template set"])
                }
                parts.append(text)
                index += 1
            }
            files.append(GeneratedFile(name: file.name, contents: GeneratedText.joined(parts)))
        }
        return files
    }

    /// One render: a template over a part of the spec.
    private struct Job {
        let template: String
        let model: SpecRenderModel
    }

    /// One output file: the templates rendered into it, in order, over its part of the spec.
    private struct FilePlan {
        let name: String
        let templates: [String]
        let model: SpecRenderModel
    }

    /// The files of `model`'s layout; each part renders its kind's templates over its share only.
    private static func files(of model: SpecRenderModel) -> [FilePlan] {
        let layout = model.effectiveLayout
        var modelsByPart: [Int: [ModelRender]] = [:]
        for (rendered, part) in zip(model.models, layout.modelParts(model.models.map(\.layoutKey))) {
            modelsByPart[part, default: []].append(rendered)
        }
        // Hashed once per endpoint, not once per shard and kind (grouping keeps file order).
        let endpointsByPart = layout.endpointShardCount.map { shards in
            Dictionary(grouping: model.endpoints) { SpecLayout.shard(of: $0.shardKey, count: shards) }
        } ?? [:]
        return layout.fileKinds.flatMap { kind -> [FilePlan] in
            let templates = layout.kinds(renderedInto: kind).map(\.templateName)
            let name = { (part: Int) in layout.fileName(stem: model.stem, kind: kind, part: part) }
            guard kind.isSharded else {
                return [FilePlan(name: name(1), templates: templates, model: model)]
            }
            return (1...layout.fileCount(of: kind)).map { part in
                var share = model
                if kind == .models {
                    share.models = modelsByPart[part] ?? []
                } else {
                    share.endpoints = endpointsByPart[part] ?? []
                }
                return FilePlan(name: name(part), templates: templates, model: share)
            }
        }
    }
}

/// Results of concurrent renders, one slot per file, guarded by a lock.
private final class RenderSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: String?) {
        lock.withLock { slots[index] = value }
    }

    var values: [String?] {
        lock.withLock { slots }
    }
}
