import Foundation

/// A file to send: its contents (a file on disk, read while sending, or bytes in memory), the
/// name the server sees and its content type.
///
/// Send one as a whole request body (``RequestBody/file(_:)-(UploadFile)``, a spec's
/// `body: File`) or as a part of a form (``MultipartForm/addFile(_:_:contentType:)``):
///
/// ```swift
/// let photo = UploadFile(url: URL(fileURLWithPath: "/tmp/rex.jpg"))        // "rex.jpg", image/jpeg
/// let notes = UploadFile(data: Data("hello".utf8), fileName: "notes.txt")   // text/plain; charset=utf-8
/// request.body = .file(photo)
/// ```
public struct UploadFile: Sendable, Hashable {
    /// Where the bytes come from.
    public enum Contents: Sendable, Hashable {
        /// The file at this URL, read in chunks while it is sent (never loaded whole).
        case file(URL)
        /// These bytes.
        case bytes(Data)
    }

    /// Where the bytes come from.
    public var contents: Contents
    /// The file name sent with a multipart part (`filename="…"`).
    public var fileName: String
    /// The media type, such as `image/png`.
    public var contentType: String

    /// The file at `url`, named `fileName` (its last path component by default), of
    /// `contentType` (guessed from the name's extension by default, see
    /// ``contentType(forFileName:)``). The file is read only when the request is sent.
    public init(url: URL, fileName: String? = nil, contentType: String? = nil) {
        let name = fileName ?? url.lastPathComponent
        self.contents = .file(url)
        self.fileName = name
        self.contentType = contentType ?? UploadFile.contentType(forFileName: name)
    }

    /// `data` sent as a file named `fileName`, of `contentType` (guessed from the name's
    /// extension by default, see ``contentType(forFileName:)``).
    public init(data: Data, fileName: String, contentType: String? = nil) {
        self.contents = .bytes(data)
        self.fileName = fileName
        self.contentType = contentType ?? UploadFile.contentType(forFileName: fileName)
    }

    /// The number of bytes, when known now: the data's count, or the file's size (`nil` when the
    /// file cannot be read).
    public var length: Int? {
        switch contents {
        case .bytes(let data): data.count
        case .file(let url): FileChunkReader.size(of: url)
        }
    }

    /// The contents as a body: bytes in memory or the file read in chunks; both can be sent again.
    public var body: HTTPBody {
        switch contents {
        case .bytes(let data): .bytes(data)
        case .file(let url): .file(url)
        }
    }

    /// The media type of a file named `fileName`, from its extension (case-insensitive) for common
    /// types; `application/octet-stream` otherwise.
    public static func contentType(forFileName fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return "application/octet-stream" }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        return knownTypes[ext] ?? "application/octet-stream"
    }

    private static let knownTypes: [String: String] = [
        "txt": "text/plain; charset=utf-8", "text": "text/plain; charset=utf-8", "log": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8", "csv": "text/csv; charset=utf-8", "tsv": "text/tab-separated-values",
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8", "css": "text/css", "js": "text/javascript",
        "json": "application/json", "xml": "application/xml", "yaml": "application/yaml", "yml": "application/yaml",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip",
        "tar": "application/x-tar", "7z": "application/x-7z-compressed", "bz2": "application/x-bzip2",
        "xz": "application/x-xz", "zst": "application/zstd",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "heif": "image/heif", "avif": "image/avif", "svg": "image/svg+xml", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff", "ico": "image/vnd.microsoft.icon",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav", "ogg": "audio/ogg",
        "flac": "audio/flac", "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
        "doc": "application/msword", "xls": "application/vnd.ms-excel",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "wasm": "application/wasm", "bin": "application/octet-stream",
    ]
}
