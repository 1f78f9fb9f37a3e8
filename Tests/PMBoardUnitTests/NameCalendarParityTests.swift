import Foundation
import PMBoardCore
import Testing

@testable import PMBoardSite

/// The labels' and people's calendars made in one pass (`CalendarFeed.renderNames`) against the plain reference,
/// each name's calendar made alone (`render(_:only:name:emit:)`): the same bytes, with relative and absolute links,
/// whole and in a window that keeps two events a calendar.
@Suite struct NameCalendarParityTests {
  @Test func onePassMakesTheBytesOfEachNameAlone() throws {
    let board = DemoBoard.make(
      info: BoardInfo(title: DemoBoard.title, timeZoneID: "Asia/Seoul"), now: Date(timeIntervalSince1970: 1_795_250_000)
    )
    let snapshot = BoardSnapshot(board)
    let tables = BoardTables(snapshot: snapshot, today: try #require(CalendarDate(iso: "2026-11-21")))
    let theme = try BuiltInTheme.checked.get()
    let locales = try ["ko", "en", "ja"].map { code in
      (
        code: code,
        formatter: LocaleFormatter(catalog: try #require(theme.catalogs[code]), timeZone: snapshot.info.timeZone)
      )
    }
    let names = tables.cardNames
    #expect(names.names.count > 6, "the demo has labels and people")
    let today = try #require(CalendarDate(iso: "2026-11-21"))
    let windows = [CalendarWindow.all, CalendarWindow(daysBack: 3, daysAhead: 10, events: 2)]
    for base in [nil, "https://example.org/board/"] {
      for window in windows {
        let links = FeedLinks(baseURL: base).oneFolderDown
        let calendar = CalendarFeed(
          tables: tables, info: snapshot.info, links: links, window: window, today: today)
        // Passes of three names: several passes, and names of both kinds in one.
        var together = [[UInt8]](repeating: [], count: names.names.count * locales.count)
        for first in stride(from: 0, to: names.names.count, by: 3) {
          let pass = Array(first..<min(first + 3, names.names.count))
          calendar.renderNames(locales, names: pass) { file, bytes in
            for index in 0..<bytes.count { together[first * locales.count + file].append(bytes[index]) }
          }
        }
        for (index, name) in names.names.enumerated() {
          var alone = [[UInt8]](repeating: [], count: locales.count)
          calendar.render(locales, only: name.cards, name: names.bytes.string(name.text)) { file, bytes in
            for index in 0..<bytes.count { alone[file].append(bytes[index]) }
          }
          for locale in locales.indices {
            #expect(
              together[index * locales.count + locale] == alone[locale],
              "\(names.bytes.string(name.text)) \(locales[locale].code) \(base ?? "relative")")
          }
          #expect(alone[0].count > 200)
          let events = String(decoding: alone[0], as: UTF8.self).components(separatedBy: "BEGIN:VEVENT").count - 1
          #expect(window.events.map { events <= $0 } ?? true)
        }
      }
    }
  }
}
