import Foundation
import PMBoardCore
import Testing

/// Issue 58: what a field's key, numbers and values may be, and how values are kept.
struct FieldRulesTests {
  @Test(arguments: [
    ("priority", true), ("story-points", true), ("a", true), ("Priority", false), ("1st", false),
    ("tasks", false), ("ko", false), ("label", false), ("x_y", false), (String(repeating: "a", count: 31), false),
  ])
  func keys(_ key: String, _ accepted: Bool) {
    let result = FieldRules.checkKey(key, among: .none)
    #expect(((try? result.get()) != nil) == accepted, "\(key)")
  }

  @Test(arguments: [
    ("3", "3"), ("03.50", "3.5"), ("-0", "0"), ("+2", "2"), (".5", "0.5"), ("7.", "7"), ("1e3", nil), ("", nil),
    ("abc", nil), ("1.2.3", nil), (".", nil), (String(repeating: "9", count: 40), nil),
  ])
  func numbers(_ text: String, _ canonical: String?) {
    #expect(FieldRules.number(text) == canonical, "\(text)")
  }

  @Test func valuesAreCheckedByType() throws {
    let select = FieldDefinition(
      id: UUID(), key: "priority", type: .select, options: [FieldOption(id: "00000001", name: "P1")])
    #expect(try FieldRules.value("p1", of: select).get() == .option("00000001"))
    #expect(throws: RuleViolation.self) { try FieldRules.value("P9", of: select).get() }
    let date = FieldDefinition(id: UUID(), key: "target", type: .date)
    #expect(try FieldRules.value("2026-12-15", of: date).get() == .date(CalendarDate(iso: "2026-12-15")!))
    #expect(throws: RuleViolation.self) { try FieldRules.value("2026-02-30", of: date).get() }
    #expect(try FieldRules.value("  ", of: date).get() == nil)
  }

  @Test func storedTextRoundTripsAndIsCanonical() throws {
    let (a, b) = (UUID(), UUID())
    let values = FieldValues([
      a: .names(["web", "api"]), b: .text("a \"quoted\"\nline"),
    ])
    let text = values.storedText
    #expect(FieldValues(storedText: text) == values)
    #expect(FieldValues([b: values[b]!, a: values[a]!]).storedText == text)
    #expect(FieldValues(storedText: "{\"x\":1}") == nil)
    #expect(FieldValues(storedText: "")?.isEmpty == true)
  }

  /// Sync merges field by field: two people who set different fields, or add different names, keep both.
  @Test func mergeKeepsBothSides() {
    let (priority, team) = (UUID(), UUID())
    let base = FieldValues([priority: .option("p2"), team: .names(["web"])])
    let mine = FieldValues([priority: .option("p1"), team: .names(["web"])])
    let theirs = FieldValues([priority: .option("p2"), team: .names(["web", "api"])])
    let merged = mine.merged(changedFrom: base, onto: theirs)
    #expect(merged[priority] == .option("p1"))
    #expect(merged[team] == .names(["web", "api"]))
  }
}
