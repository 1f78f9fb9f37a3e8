import Foundation
import PMBoardCore
import Testing

/// ``TaskRules``' rules for labels, assignees and links, and ``NameSet``'s form.
struct NameRulesTests {
  @Test func namesAreTrimmedNormalizedAndOneLine() throws {
    #expect(try TaskRules.checkName("  bug ", as: .label).get() == "bug")
    // "é" as e + combining acute becomes the one precomposed character.
    #expect(try TaskRules.checkName("cafe\u{301}", as: .label).get() == "caf\u{E9}")
    for bad in ["", "   ", "a\nb", "a\u{7}b", "\u{200B}", String(repeating: "가", count: 51)] {
      #expect(throws: RuleViolation.self, "\(bad.debugDescription)") { try TaskRules.checkName(bad, as: .label).get() }
    }
    #expect(try TaskRules.checkName(String(repeating: "가", count: 50), as: .assignee).get().count == 50)
  }

  @Test func aTaskHoldsAtMostSoManyNames() throws {
    let labels = (0..<20).map { "l\($0)" }
    #expect(try TaskRules.checkNames(labels, as: .label).get().count == 20)
    #expect(throws: RuleViolation.self) { try TaskRules.checkNames(labels + ["one more"], as: .label).get() }
    #expect(throws: RuleViolation.self) { try TaskRules.checkNames((0..<11).map { "p\($0)" }, as: .assignee).get() }
    // The same name twice is one name.
    #expect(try TaskRules.checkNames(["bug", " bug"], as: .label).get() == ["bug"])
  }

  @Test func linksAreHTTPAddressesOnly() throws {
    #expect(try TaskRules.checkURL(" https://github.com/o/r/issues/17 ").get() == "https://github.com/o/r/issues/17")
    #expect(try TaskRules.checkURL("").get() == "")
    for bad in [
      "javascript:alert(1)", "file:///etc/passwd", "ftp://example.com/x", "https://", "http:// example.com",
      "https://exa\u{7}mple.com", "example.com/1", "https://example.com/" + String(repeating: "a", count: 2000),
    ] {
      #expect(throws: RuleViolation.self, "\(bad.prefix(40))") { try TaskRules.checkURL(bad).get() }
    }
  }

  @Test func aSetIsSortedDistinctAndStoredAsLines() {
    let names = NameSet(["ui", "bug", "ui", "라벨"])
    #expect(names.names == ["bug", "ui", "라벨"])
    #expect(names.storedText == "bug\nui\n라벨")
    #expect(NameSet(storedText: names.storedText) == names)
    #expect(NameSet(storedText: "") == [])
  }

  @Test func aStoredTaskWithBadNamesIsReported() {
    var task = BoardTask(title: "T", created: Date(timeIntervalSince1970: 0))
    task.labels = NameSet(["ok", " padded"])
    task.url = "javascript:x"
    let fields = TaskRules.problems(in: task).map(\.field)
    #expect(fields.contains("labels") && fields.contains("url"))
  }
}
