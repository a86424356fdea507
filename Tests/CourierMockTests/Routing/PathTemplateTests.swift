@testable import CourierMock
import Testing

/// Path templates against request paths: one segment per `{name}`, several for `{+name}`,
/// values percent-decoded, and the filling used to name the closest template.
@Suite struct PathTemplateTests {
    @Test func placeholdersTakeOneSegmentAndPlusOnesSeveral() {
        let pet = PathTemplate("/pets/{id}")
        #expect(pet.match("/pets/7") == ["id": "7"])
        #expect(pet.match("/pets/7/photo") == nil)
        #expect(pet.match("/pets/") == nil)
        #expect(pet.match("/pets") == nil)
        let contents = PathTemplate("/repos/{owner}/{repo}/contents/{+path}")
        #expect(contents.match("/repos/me/app/contents/docs/guide%20v2/intro.md") == ["owner": "me", "repo": "app", "path": "docs/guide v2/intro.md"])
        #expect(contents.match("/repos/me/app/contents/") == nil)
        let file = PathTemplate("/files/{name}.json")
        #expect(file.match("/files/a.b.json") == ["name": "a.b"])
        #expect(PathTemplate("/export").match("/export") == [:])
    }

    @Test func literalLengthRanksTemplates() {
        #expect(PathTemplate("/pets/mine").literalLength > PathTemplate("/pets/{id}").literalLength)
        #expect(PathTemplate("/a/{+rest}").multiSegmentCount == 1)
    }

    @Test func fillingPutsThePathsSegmentsIntoPlaceholders() {
        #expect(PathTemplate("/pets/{id}").filled(from: "/pet/7") == "/pets/7")
        #expect(PathTemplate("/pets/{id}/photos").filled(from: "/pets/7/photo") == "/pets/7/photos")
        #expect(PathTemplate("/repos/{owner}/{+path}").filled(from: "/repo/me/a/b") == "/repos/me/a/b")
        #expect(PathTemplate("/pets/{id}/photos").filled(from: "/pets") == "/pets/{id}/photos")
    }
}
