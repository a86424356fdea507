import CourierTestServer
import Foundation
import Testing

@Suite struct SHA256Tests {
    @Test("FIPS 180-4 test vectors, and a message that needs a second padding block", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func vectors(message: String, digest: String) {
        #expect(SHA256.hex(Data(message.utf8)) == digest)
    }
}
