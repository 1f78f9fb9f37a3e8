import PMBoardCore
import PMBoardValidation
import Testing

/// Deeply nested markup: one diagnostic at the element past the limit, in pmboard's words, and no quadratic walk
/// over thousands of open elements (10,000 nested `<div>`s took ten seconds to check).
@Suite struct HTMLTemplateValidatorDepthTests {
  private func problems(_ source: String) -> [String] {
    HTMLTemplateValidator().validate(source: source, file: "t.mustache", isPage: false).map {
      "\($0.line):\($0.column): \($0.message)"
    }
  }

  private func nested(_ depth: Int, _ name: String = "div") -> String {
    String(repeating: "<\(name)>", count: depth) + "x" + String(repeating: "</\(name)>", count: depth)
  }

  @Test func elementsMayNestUpToTheLimit() {
    #expect(problems(nested(HTMLTreeChecker.maximumDepth)) == [])
  }

  @Test func tenThousandNestedElementsAreOneProblemAtTheFirstTooDeep() {
    // libxml2 used to add "Excessive depth in document: 256 use XML_PARSE_HUGE option", an option of its API.
    #expect(
      problems("<main>\n" + nested(10_000) + "\n</main>") == [
        "2:1276: <div> is nested 257 elements deep; elements may nest at most 256 deep (the rest of the template's "
          + "structure is not checked)"
      ])
  }

  @Test func libxml2sDepthLimitIsWordedLikeTheTreeChecks() {
    // HTML5 closes each <rt> at the next one; libxml2 (HTML 4) nests them, and reaches its limit first.
    let source = "<ruby>" + String(repeating: "a<rt>x", count: 300) + "</ruby>"
    #expect(
      problems(source) == [
        "1:1544: elements are nested more than 256 deep here, counting those HTML5 closes implicitly; close them "
          + "(the rest of the template is not checked)"
      ])
  }
}
