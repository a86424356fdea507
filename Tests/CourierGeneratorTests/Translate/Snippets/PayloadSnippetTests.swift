import CourierGenerator
import CourierSpec
import Testing

@Suite struct PayloadSnippetTests {
    @Test func fileUploadsAndDownloadsGetFileParametersAndProgress() throws {
        let loaded = SpecLoader().load(source: """
            service: Store
            baseURL: https://api.example.com
            endpoints:
              upload:
                put: /files/{name}
                path: { name: String }
                body: File
              download:
                get: /files/{name}
                path: { name: String }
                response: File
                wares: [signature]
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let endpoints = try #require(files["snippet.Endpoints.swift"])
        for line in [
            "public static func upload(\n        name: String,\n        file: URL,\n"
                + "        contentType: String = \"application/octet-stream\"\n    ) -> Request<Void> {",
            "request.body = .file(file, contentType: contentType)",
            "public static func download(name: String, to destination: URL? = nil) -> Request<URL> {",
            // Past 120 columns on one line: one argument per line.
            "var request = Request<URL>(\n            method: .get,\n            path: \"/files/{name}\",\n"
                + "            name: \"download\",\n            decoding: .file(to: destination)\n        )",
            "///   - destination: Where to write the download (by way of a temporary file beside it); `nil`: a temporary",
        ] {
            #expect(endpoints.contains(line), "missing \(line)")
        }
        #expect(!endpoints.contains("progress"))
        let client = try #require(files["snippet.Client.swift"])
        for line in [
            "public func upload(",
            "file: URL,",
            #"contentType: String = "application/octet-stream","#,
            "progress: (@Sendable (TransferProgress) -> Void)? = nil",
            "var request = Store.upload(name: name, file: file, contentType: contentType)",
            "request.onProgress = progress",
            "public func download(\n        name: String,\n        to destination: URL? = nil,\n"
                + "        progress: (@Sendable (TransferProgress) -> Void)? = nil\n    ) async throws -> URL {",
            "var request = Store.download(name: name, to: destination)",
            "request.wares += [namedWares.signature]",
            "///   - progress: Called as bytes go out and come in, on the transport's thread: keep it short.",
        ] {
            #expect(client.contains(line), "missing \(line)")
        }
    }

    @Test func aParameterNamedProgressKeepsItsName() throws {
        let loaded = SpecLoader().load(source: """
            service: Store
            baseURL: https://api.example.com
            endpoints:
              download:
                get: /files
                query: { progress: Int? }
                response: File
            """, file: "specs/snippet.courier.yaml")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let client = try #require(files["snippet.Client.swift"])
        #expect(client.contains(
            "        progress: Int? = nil,\n        to destination: URL? = nil,\n"
                + "        progress2: (@Sendable (TransferProgress) -> Void)? = nil\n"))
        #expect(client.contains("var request = Store.download(progress: progress, to: destination)"))
        #expect(client.contains("request.onProgress = progress2"))
    }

    @Test func multipartPartsAreTranslatedIntoAForm() throws {
        let loaded = SpecLoader().load(source: """
            service: Store
            baseURL: https://api.example.com
            models:
              Meta: { title: String }
            endpoints:
              addPhoto:
                post: /photos
                multipart:
                  caption: String?
                  note: { type: String?, contentType: text/markdown }
                  tags: "[String]"
                  meta: { type: Meta, contentType: application/vnd.meta+json }
                  raw: Data
                  photo: { type: File, key: photo_file, contentType: image/png }
                  extras: "[File]?"
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let endpoints = try #require(files["snippet.Endpoints.swift"])
        for line in [
            "tags: [String],",
            "meta: Meta,",
            "raw: Data,",
            "photo: UploadFile,",
            "caption: String? = nil,",
            "note: String? = nil,",
            "extras: [UploadFile]? = nil",
            "        var form = MultipartForm()",
            #"        form.add("caption", caption)"#,
            #"        if let note { form.addText("note", note, contentType: "text/markdown") }"#,
            #"        form.add("tags", tags)"#,
            #"        form.addJSON("meta", meta, contentType: "application/vnd.meta+json")"#,
            #"        form.addData("raw", raw)"#,
            #"        form.addFile("photo_file", photo, contentType: "image/png")"#,
            #"        for file in extras ?? [] { form.addFile("extras", file) }"#,
            "        request.body = .multipart(form)",
        ] {
            #expect(endpoints.contains(line), "missing \(line)")
        }
        let client = try #require(files["snippet.Client.swift"])
        #expect(client.contains("progress: (@Sendable (TransferProgress) -> Void)? = nil"))
    }
}
