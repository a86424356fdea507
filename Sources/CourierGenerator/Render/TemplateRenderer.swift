import Foundation
import Mustache

/// The default render stage: Mustache templates, parsed once, rendered per spec.
public struct TemplateRenderer: FileRendering {
    private let library: MustacheLibrary

    /// Parses every template of `templates`.
    ///
    /// - Throws: ``RenderError/invalidTemplate(file:line:column:message:)`` at the first syntax error,
    ///   ``RenderError/recursiveTemplate(file:line:column:cycle:)`` when partials include each other in a cycle.
    public init(templates: TemplateSet) throws(RenderError) {
        var library = MustacheLibrary()
        for name in templates.texts.keys.sorted() {
            guard let text = templates.texts[name] else { continue }
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw RenderError.invalidTemplate(
                    file: templates.paths[name] ?? name, line: error.context.lineNumber,
                    column: error.context.columnNumber, message: "\(error.error)")
            } catch {
                throw RenderError.invalidTemplate(file: templates.paths[name] ?? name, line: 1, column: 1, message: "\(error)")
            }
        }
        if let cycle = PartialCycleCheck.firstCycle(in: templates) { throw cycle }
        self.library = library
    }

    /// Renders the files of `model` (see ``OutputLayout``), concurrently: the output does not
    /// depend on the order.
    public func render(_ model: SpecRenderModel) throws(RenderError) -> [GeneratedFile] {
        let jobs = Self.jobs(for: model)
        let results = RenderSlots(count: jobs.count)
        let library = self.library
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            results.set(index, library.render(jobs[index].model, withTemplate: jobs[index].template))
        }
        var files: [GeneratedFile] = []
        for (job, text) in zip(jobs, results.values) {
            guard let text else {
                throw RenderError.missingTemplate(name: job.template, searched: ["the loaded template set"])
            }
            files.append(GeneratedFile(name: job.fileName, contents: text))
        }
        return files
    }

    private struct Job {
        let fileName: String
        let template: String
        let model: SpecRenderModel
    }

    /// One job per output file; each shard renders its kind's template over its part only.
    private static func jobs(for model: SpecRenderModel) -> [Job] {
        // Hashed once per name, not once per shard and kind (grouping keeps file order).
        let count = model.shardCount
        let modelsByShard = Dictionary(grouping: model.models) { OutputLayout.shard(of: $0.typeName, count: count) }
        let endpointsByShard = Dictionary(grouping: model.endpoints) { OutputLayout.shard(of: $0.shardKey, count: count) }
        return OutputLayout.FileKind.allCases.flatMap { kind -> [Job] in
            guard kind.isSharded else {
                return [Job(fileName: OutputLayout.outputFileName(stem: model.stem, kind: kind), template: kind.templateName, model: model)]
            }
            return (1...max(1, count)).map { shard in
                var part = model
                if kind == .models {
                    part.models = modelsByShard[shard] ?? []
                } else {
                    part.endpoints = endpointsByShard[shard] ?? []
                }
                return Job(
                    fileName: OutputLayout.outputFileName(stem: model.stem, kind: kind, shard: shard),
                    template: kind.templateName, model: part)
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
