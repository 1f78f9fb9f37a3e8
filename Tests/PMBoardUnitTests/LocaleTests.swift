import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

@Suite("locales")
struct LocaleTests {
  func catalog(_ code: String) throws -> LocaleCatalog {
    let url = Golden.repositoryRoot.appendingPathComponent("Templates/locales/\(code).yml")
    return try LocaleCatalog.parse(code: code, text: String(contentsOf: url, encoding: .utf8), file: url.path).get()
  }

  @Test func koreanParticlesFollowTheLastSyllable() {
    #expect(KoreanParticle.eulReul.after("‘로그인 버그 수정’") == "을")
    #expect(KoreanParticle.eulReul.after("‘완료’") == "를")
    #expect(KoreanParticle.eulReul.after("‘Write README’") == "을(를)")
    #expect(KoreanParticle.euro.after("진행 중") == "으로")
    #expect(KoreanParticle.euro.after("완료") == "로")
    #expect(KoreanParticle.euro.after("할 일") == "로")  // ㄹ takes 로
    #expect(KoreanParticle.euro.after("v2") == "(으)로")
    #expect(KoreanParticle.iGa.after("버그") == "가")
  }

  /// Every scalar of the Basic Multilingual Plane (and some beyond, four bytes in UTF-8) after a word ending in 한:
  /// skipped exactly when it is one of the closing marks or white space (Unicode's property), by both the String
  /// and the byte entry points.
  @Test func particlesSkipExactlyClosingMarksAndWhiteSpace() {
    for value in Array(UInt32(0)...0xFFFF) + [0x1_0000, 0x1_F600, 0x2_0BB7, 0x10_FFFF] {
      guard let scalar = Unicode.Scalar(value), value != 0 else { continue }
      let skipped =
        "’'\"”」』)]）".unicodeScalars.contains(scalar) || scalar.properties.isWhitespace
        || (0x2066...0x2069).contains(value)
      let hangul = (0xAC00...0xD7A3).contains(value)
      let word = "한" + String(Character(scalar))
      let got = KoreanParticle.eulReul.after(word)
      var output = ByteWriter(capacity: 64)
      output.appendStatic("x")
      output.append(word)
      let gotBytes = KoreanParticle.eulReul.after(output, from: 1)
      #expect(got == gotBytes.description, "U+\(String(value, radix: 16))")
      if skipped {
        #expect(got == "을", "U+\(String(value, radix: 16)) is skipped")
      } else if !hangul {
        #expect(got == "을(를)", "U+\(String(value, radix: 16)) is a word's end")
      }
    }
  }

  @Test func historySentencesReadNaturally() throws {
    let entry = HistoryEntry(
      at: Date(), action: .moved, taskID: UUID(), title: "Write README", from: .todo, to: .doing)
    let utc = TimeZone(identifier: "UTC")!
    #expect(
      LocaleFormatter(catalog: try catalog("en"), timeZone: utc).sentence(entry)
        == "Moved “\u{2068}Write README\u{2069}” from TODO to DOING")
    var korean = entry
    korean.title = "로그인 버그 수정"
    #expect(
      LocaleFormatter(catalog: try catalog("ko"), timeZone: utc).sentence(korean)
        == "‘\u{2068}로그인 버그 수정\u{2069}’을 할 일에서 진행 중으로 옮겼습니다")
    korean.to = .done
    korean.title = "번역"
    #expect(
      LocaleFormatter(catalog: try catalog("ko"), timeZone: utc).sentence(korean)
        == "‘\u{2068}번역\u{2069}’을 할 일에서 완료로 옮겼습니다")
    #expect(
      LocaleFormatter(catalog: try catalog("ja"), timeZone: utc).sentence(entry)
        == "「\u{2068}Write README\u{2069}」をやることから進行中に移動しました")
  }

  @Test func datesAndTimestampsPerLocale() throws {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let date = CalendarDate(iso: "2026-11-21")!
    let instant = Instant.parse("2026-11-21T15:30:00Z")!
    #expect(LocaleFormatter(catalog: try catalog("en"), timeZone: seoul).longDate(date) == "November 21, 2026")
    #expect(LocaleFormatter(catalog: try catalog("ko"), timeZone: seoul).longDate(date) == "2026년 11월 21일")
    #expect(LocaleFormatter(catalog: try catalog("ja"), timeZone: seoul).longDate(date) == "2026年11月21日")
    #expect(
      LocaleFormatter(catalog: try catalog("en"), timeZone: seoul).timestamp(instant) == "November 22, 2026 00:30")
  }

  @Test func catalogsMustShareTheirKeys() throws {
    var french = try catalog("en")
    french.code = "fr"
    french.file = "Templates/locales/fr.yml"
    french.strings["board.overdue"] = nil
    french.strings["board.extra"] = "x"
    french.positions["board.extra"] = (line: 9, column: 3)
    let problems = LocaleCatalog.compare([try catalog("en"), french]).map(\.description)
    #expect(problems.contains("Templates/locales/fr.yml:1:1: error: missing key `board.overdue` (present in en.yml)"))
    #expect(
      problems.contains(
        "Templates/locales/fr.yml:9:3: error: key `board.extra` is in no other catalog (missing in en.yml)"))
    #expect(LocaleCatalog.compare([try catalog("en"), try catalog("ko"), try catalog("ja")]).isEmpty)
  }

  /// A mistyped placeholder would show as written on every page: it is a problem at its key.
  @Test func placeholdersMustBeOnesPmboardFills() throws {
    var english = try catalog("en")
    english.strings["history.added"] = "Added “{titel}” to {to}"
    english.positions["history.added"] = (line: 30, column: 3)
    #expect(
      LocaleCatalog.compare([english]).map(\.description) == [
        "\(english.file):30:3: error: `history.added` has the placeholder {titel}, which pmboard does not fill; "
          + "it takes {fields}, {from}, {title}, {to}"
      ])
  }

  /// A counted message gives English its `one` form for 1 and `other` for every other count; Korean and Japanese
  /// have one form, a plain string, and the catalogs still share their keys.
  @Test func countedMessagesTakeTheirPluralForm() throws {
    let english = LocaleFormatter(catalog: try catalog("en"), timeZone: TimeZone(identifier: "UTC")!)
    #expect(english.message("board.summary", ["total": "1", "overdue": "0"]) == "1 task, 0 overdue")
    #expect(english.message("board.summary", ["total": "0", "overdue": "0"]) == "0 tasks, 0 overdue")
    #expect(english.message("board.summary", ["total": "21", "overdue": "1"]) == "21 tasks, 1 overdue")
    #expect(english.aging(days: 1) == "1 day in DOING" && english.aging(days: 3) == "3 days in DOING")
    let korean = LocaleFormatter(catalog: try catalog("ko"), timeZone: TimeZone(identifier: "UTC")!)
    #expect(try catalog("ko").plurals.isEmpty)
    #expect(korean.message("board.summary", ["total": "1", "overdue": "0"]) == "작업 1개, 기한 지남 0개")
    let text = "board:\n  summary:\n    one: \"{total} item\"\n    other: \"{totl} items\"\n"
    let parsed = try LocaleCatalog.parse(code: "xx", text: text, file: "xx.yml").get()
    #expect(parsed.keys == ["board.summary"], "the forms are one key")
    #expect(parsed.plurals["board.summary"]?["one"] == "{total} item")
    #expect(parsed.string("board.summary") == "{totl} items", "the other form is the key's string")
    #expect(
      LocaleCatalog.compare([parsed]).map(\.description).contains {
        $0.contains("`board.summary` has the placeholder {totl}")
      }, "each form's placeholders are checked")
    guard case .object(let board)? = CatalogContext(try catalog("en")).templateValue(forKey: "board"),
      case .text(let summary)? = board.templateValue(forKey: "summary")
    else {
      Issue.record("no board.summary for templates")
      return
    }
    #expect(summary == "{total} tasks, {overdue} overdue", "a template reads the other form")
  }

  @Test func catalogSyntaxErrorsPointAtTheLine() {
    guard case .failure(let problem) = LocaleCatalog.parse(code: "xx", text: "a: b\n  c: [\n", file: "xx.yml") else {
      Issue.record("expected a YAML error")
      return
    }
    #expect(problem.file == "xx.yml")
    #expect(problem.line >= 2)
  }
}
