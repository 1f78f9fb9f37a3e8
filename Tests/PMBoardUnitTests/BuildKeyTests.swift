import PMBoardCore
import Testing

@testable import PMBoardSite

/// The build key's view of the settings: every setting counts, in an order that does not change between runs.
@Suite struct BuildKeyTests {
  @Test func everySettingIsInTheKey() {
    // A new setting must join `SiteBuilder.settingsKey`, or a rebuild after changing only it would be skipped.
    // `sharedOut` is the one left out on purpose: it says who may write beside the site, and changes no page.
    #expect(Mirror(reflecting: BuildSettings()).children.count == 18)
    // And a new publish setting must join `PublishPolicy.keyText` (the insights' once did not).
    #expect(Mirror(reflecting: PublishPolicy()).children.count == 10)
    let base = BuildSettings()
    var changed: [BuildSettings] = []
    for change in 0..<19 {
      var settings = base
      switch change {
      case 0: settings.store = "b.sqlite"
      case 1: settings.out = "public"
      case 2: settings.templates = "T"
      case 3: settings.publicDir = "P"
      case 4: settings.locales = ["en"]
      case 5: settings.defaultLocale = "en"
      case 6: settings.today = CalendarDate(iso: "2026-11-21")
      case 7: settings.baseURL = "https://example.com/"
      case 8: settings.offline = OfflineCopy(lastSync: nil)
      case 9: settings.publish.states = [.todo]
      case 10: settings.columnLimit = 3
      case 11: settings.liveDates = true
      case 12: settings.wipLimits = [nil, 5, nil]
      case 13: settings.publish.insights = false
      case 14: settings.dueSoon = 7
      case 15: settings.aging = 3
      case 16: settings.publish.search = false
      case 17: settings.boards = [BuildSettings.BoardEntry(store: "a.sqlite")]
      default: settings.taskPages = false
      }
      changed.append(settings)
    }
    let keys = Set(([base] + changed).map(SiteBuilder.settingsKey))
    #expect(keys.count == 20)
  }

  @Test func statesInAnyOrderGiveOneKey() {
    var first = BuildSettings()
    first.publish.states = [.todo, .done]
    var second = BuildSettings()
    second.publish.states = [.done, .todo]
    #expect(SiteBuilder.settingsKey(first) == SiteBuilder.settingsKey(second))
  }
}
