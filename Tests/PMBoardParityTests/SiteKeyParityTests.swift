import Foundation
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// The fast view model answers names through ``SiteKey``; the reference contexts through `templateKeys`. Adding a
/// template variable means adding it to both: this suite fails until they agree.
@Suite("site keys")
struct SiteKeyParityTests {
  /// Every key the reference contexts answer on every page of a board with every kind of page, below the catalog.
  private static func referenceKeys() throws -> Set<String> {
    let checked = try TemplateChecker().check(
      Theme.load(templatesDir: nil, publicDir: nil, workingDirectory: URL(fileURLWithPath: "/nonexistent")))
    let board = FieldSamples.declare(on: StoreSamples.board)
    // Grouped by a select, so that the board page has lanes.
    var settings = PageSettings(baseURL: "https://example.org/board/")
    settings.groupBy = FieldSamples.priority.key
    let renderer = SiteRenderer(
      snapshot: BoardSnapshot(board), theme: checked, locales: ["ko", "en", "ja"], defaultLocale: "ko",
      moment: BuildMoment(today: try #require(CalendarDate(year: 2026, month: 11, day: 21)), asOf: StoreSamples.start),
      settings: settings)
    var keys: Set<String> = []
    func walk(_ context: any TemplateContext) {
      for key in context.templateKeys {
        keys.insert(key)
        guard key != "t", let value = context.templateValue(forKey: key) else { continue }
        switch value {
        case .object(let child): walk(child)
        case .list(let items): items.forEach(walk)
        case .text, .bool, .number: break
        }
      }
    }
    for page in renderer.referencePages(of: board) { walk(page.context) }
    return keys
  }

  @Test func everyReferenceKeyHasAFastKeyAndBack() throws {
    let reference = try Self.referenceKeys()
    let fast = Set(SiteKey.allCases.filter { $0 != .other }.map { String(describing: $0) })
    #expect(reference.subtracting(fast).isEmpty, "reference keys the fast model does not answer")
    #expect(fast.subtracting(reference).isEmpty, "fast keys no reference context answers")
    for name in fast {
      #expect(SiteKey(name: name) != .other, "\(name) does not map to its SiteKey")
    }
  }
}
