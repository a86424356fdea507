import Testing
@testable import CourierSpec

/// Where `File` may stand, and what a `multipart:` body must be.
@Suite struct PayloadCheckTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    @Test func wellFormedPayloadsLoadCleanly() {
        #expect(diagnostics(Self.header + """
            models:
              Meta: { title: String }
              Kind: { enum: [photo, scan] }
            endpoints:
              upload:
                put: /files
                body: File
              download:
                get: /files
                response: File
              addPhoto:
                post: /photos
                multipart:
                  caption: String = untitled
                  kind: Kind?
                  tags: "[String]"
                  meta: { type: Meta, contentType: application/vnd.meta+json }
                  bytes: Data?
                  photo: File
                  extras: "[File]?"
            """) == [])
    }

    @Test func misspelledFileGetsASuggestionWhereAFileFits() {
        #expect(diagnostics(Self.header + """
            endpoints:
              upload:
                put: /files
                body: Flie
              download:
                get: /files
                response: Fiel
              addPhoto:
                post: /photos
                multipart: { photo: Files }
            """) == [
            "6:11: error: unknown type 'Flie' in the body of endpoint 'upload'; did you mean 'File'?",
            "9:15: error: unknown type 'Fiel' in the response of endpoint 'download'; did you mean 'File'?",
            "12:25: error: unknown type 'Files' in multipart part 'photo' of endpoint 'addPhoto'; did you mean 'File'?",
        ])
    }

    @Test func fileWhereItMakesNoSense() {
        #expect(diagnostics(Self.header + """
            models:
              Pet: { name: String, photo: File }
            endpoints:
              search:
                get: /search
                query: { attachment: File }
                response: "[File]"
              upload:
                put: /files
                body: File?
            """) == [
            "4:31: error: `File` is only valid as `body: File`, `response: File` or the type of a `multipart:` part, "
                + "not in field 'photo' of model 'Pet' (a model travels as JSON; use Data for bytes in it)",
            "8:26: error: `File` is only valid as `body: File`, `response: File` or the type of a `multipart:` part, "
                + "not in query parameter 'attachment' of endpoint 'search'",
            "9:16: error: the response of endpoint 'search' is '[File]'; a download is written `response: File` "
                + "(one file, not optional or in a list)",
            "12:11: error: the body of endpoint 'upload' is 'File?'; a file body is written `body: File` (one file, "
                + "not optional); for several files or files with fields use `multipart:`",
        ])
    }

    @Test func aDownloadBypassesTheCache() {
        #expect(diagnostics(Self.header + """
            endpoints:
              download:
                get: /files
                response: File
                cache: localElseRemote
            """) == [
            "7:12: warning: `cache` of endpoint 'download' has no effect: a download (`response: File`) is written to its "
                + "file and bypasses the cache",
        ])
    }

    @Test func aModelCannotBeCalledFile() {
        #expect(diagnostics(Self.header + """
            models:
              File: { name: String }
            """) == ["4:3: error: model name 'File' is already a built-in type"])
    }

    @Test func unsupportedFilePartTypes() {
        #expect(diagnostics(Self.header + """
            endpoints:
              addPhoto:
                post: /photos
                multipart:
                  nested: "[[File]]"
                  byName: "[String: File]"
                  optionals: "[File?]"
            """) == [
            "7:16: error: multipart part 'nested' of endpoint 'addPhoto' has type '[[File]]'; a file part is File, File? "
                + "or [File] (a list sends one part per file under the part's name)",
            "8:16: error: multipart part 'byName' of endpoint 'addPhoto' has type '[String: File]'; a file part is File, "
                + "File? or [File] (a list sends one part per file under the part's name)",
            "9:19: error: multipart part 'optionals' of endpoint 'addPhoto' has type '[File?]'; a file part is File, "
                + "File? or [File] (a list sends one part per file under the part's name)",
        ])
    }

    @Test func duplicatePartNames() {
        #expect(diagnostics(Self.header + """
            endpoints:
              addPhoto:
                post: /photos
                multipart:
                  photo: File
                  picture: { type: File, key: photo }
                  photo_id: Int
                  photoId: Int
            """) == [
            "8:7: error: multipart part 'picture' of endpoint 'addPhoto' has the same name 'photo' as part 'photo' (line 7); "
                + "each part needs a name of its own (a list type such as [File] sends several parts under one name)",
            "10:7: error: multipart part 'photoId' of endpoint 'addPhoto' clashes with multipart part 'photo_id' (line 9): "
                + "both become the argument 'photoId'",
        ])
    }

    @Test func partsClashWithOtherParameters() {
        #expect(diagnostics(Self.header + """
            endpoints:
              addPhoto:
                post: /pets/{id}/photos
                path: { id: Int }
                multipart: { id: String, photo: File }
            """) == [
            "7:18: error: multipart part 'id' of endpoint 'addPhoto' clashes with path parameter 'id' (line 6): "
                + "both become the argument 'id'",
        ])
    }

    @Test func partSettingsAreChecked() {
        #expect(diagnostics(Self.header + """
            endpoints:
              addPhoto:
                post: /photos
                multipart:
                  photo: { type: File, contentType: png, default: a.png }
                  count: { type: Int, default: many, contentType: text/plain }
                  empty: { type: String, key: "" }
              nothing:
                post: /nothing
                multipart: {}
              fetch:
                get: /photos
                multipart: { photo: File }
            """) == [
            "7:41: error: `contentType` of multipart part 'photo' of endpoint 'addPhoto' must be a media type such as "
                + "image/png, found 'png'",
            "7:55: error: multipart part 'photo' of endpoint 'addPhoto' is a file part, which cannot have a default",
            "8:36: error: the default `many` of multipart part 'count' of endpoint 'addPhoto' does not fit its type 'Int': "
                + "expected an integer",
            "8:55: error: `contentType` of multipart part 'count' of endpoint 'addPhoto' applies to String, file, Data and "
                + "JSON parts; a 'Int' part is sent as plain text",
            "9:7: error: the `key` of multipart part 'empty' of endpoint 'addPhoto' is empty",
            "12:5: error: `multipart` of endpoint 'nothing' needs at least one part, such as `photo: File`",
            "15:5: warning: a GET request with a body; many servers ignore or reject it",
        ])
    }
}
