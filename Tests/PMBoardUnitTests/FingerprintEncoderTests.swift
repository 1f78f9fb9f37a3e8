import Foundation
import PMBoardBytes
import PMBoardCore
import Testing

@testable import PMBoardSite

/// A kept page's fingerprint takes its ``PageInfo`` through ``FingerprintEncoder``: every stored property must reach
/// it, two values that differ must print differently, and the print must not move from one process to the next.
@Suite struct FingerprintEncoderTests {
  struct Sample: Encodable {
    var title = "board"
    var note: String?
    var count = 0
    var nested: [[String]] = []
    var limits: [Int?] = [nil, nil]
    var span = 0..<0
    var kind = PageInfo.Kind.board
  }

  func print(_ value: some Encodable) -> UInt64 {
    var print = Fingerprint()
    FingerprintEncoder.add(value, to: &print)
    return print.value
  }

  func info() -> PageInfo {
    let link = LocaleLink(code: "en", name: "English", href: "../en/", url: "", current: true)
    return PageInfo(
      lang: "en", root: "../", boardTitle: "Board", pageTitle: "TODO", asOf: "today", asOfISO: "2026-11-21",
      offline: nil, summary: "", boardHref: "index.html", historyHref: "history.html", kind: .column(.todo),
      canonical: nil, locales: [link], atomHref: nil, calendarHref: nil)
  }

  @Test func everyChangeOfASampleChangesItsPrint() {
    let base = Sample()
    var changed: [Sample] = []
    func variant(_ change: (inout Sample) -> Void) {
      var sample = base
      change(&sample)
      changed.append(sample)
    }
    variant { $0.title = "boards" }
    variant { $0.note = "" }
    variant { $0.count = 1 }
    variant { $0.nested = [["a"], ["b"]] }
    variant { $0.nested = [["a", "b"]] }
    variant { $0.nested = [[], ["a", "b"]] }
    variant { $0.limits = [nil, 3] }
    variant { $0.limits = [3, nil] }
    variant { $0.span = 0..<1 }
    variant { $0.kind = .names }
    variant { $0.kind = .column(.todo) }
    variant { $0.kind = .column(.done) }
    variant { $0.kind = .history(archive: true) }
    variant { $0.kind = .history(archive: false) }
    let prints = ([base] + changed).map(print)
    #expect(Set(prints).count == prints.count)
  }

  @Test func aPageInfoPrintsTheSameEachTime() {
    // A number fixed by this test's first run: a print that moved between processes (a seeded hash, an address)
    // would render every kept page every build.
    #expect(print(info()) == 12_685_145_689_179_799_947)
    var other = info()
    other.pageIndexHTML = "<ol></ol>"
    #expect(print(other) != print(info()))
    other = info()
    other.listItems = 0..<0
    #expect(print(other) != print(info()))
  }

  /// The encoder sees what the compiler's conformance encodes: a `CodingKeys` written by hand that left a property
  /// out would leave it out of every kept page's print. With every optional set, the encoded keys are the
  /// properties.
  @Test func everyPropertyOfAPageInfoIsEncoded() throws {
    var info = info()
    info.offline = ""
    info.canonical = ""
    info.atomHref = ""
    info.calendarHref = ""
    info.prevHref = ""
    info.nextHref = ""
    info.listItems = 0..<1
    info.firstHref = ""
    info.cardLimit = 1
    info.dueSoonHref = ""
    info.namesHref = ""
    info.insightsHref = ""
    info.progressHTML = ""
    info.name = 1
    info.taskCard = 1
    info.removedText = ""
    info.live = LiveDates(today: "", zone: "", built: "", dueCounts: "")
    let properties = Set(Mirror(reflecting: info).children.compactMap(\.label))
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(info))
    let keys = Set(try #require(json as? [String: Any]).keys)
    #expect(keys == properties)
    #expect(properties.count > 40)
  }
}
