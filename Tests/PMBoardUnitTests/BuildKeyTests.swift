import PMBoardCore
import Testing

@testable import PMBoardSite

/// The build key's view of the settings: every setting counts, in an order that does not change between runs.
@Suite struct BuildKeyTests {
  @Test func everySettingIsInTheKey() {
    // The key is the settings' stable description, whole: each setting below changes it.
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

  /// Labels in a set print in one order, whatever order the process's hash seed gives the set.
  @Test func setsPrintSorted() {
    var first = PublishPolicy()
    first.labelsOnly = Set((0..<50).map { "label \($0)" })
    var second = PublishPolicy()
    second.labelsOnly = Set((0..<50).reversed().map { "label \($0)" })
    #expect(StableDescription.of(first) == StableDescription.of(second))
    second.labelsOnly?.insert("one more")
    #expect(StableDescription.of(first) != StableDescription.of(second))
  }

  /// Every page setting changes the fingerprint every kept page starts from: a changed `due-soon` once left 2,043
  /// task pages showing the old window. The settings are reached through `BuildSettings`, as a build reads them.
  @Test func everyPageSettingMovesThePagesFingerprint() throws {
    let theme = try BuiltInTheme.checked.get()
    let moment = BuildMoment(today: try #require(CalendarDate(iso: "2026-11-21")), asOf: nil)
    func print(_ settings: BuildSettings) -> UInt64 {
      SiteBuilder.siteFingerprint(
        theme: theme, pageSettings: PageSettings(settings), locales: ["ko", "en", "ja"], defaultLocale: "ko",
        info: BoardInfo(title: "Board", timeZoneID: "UTC"), moment: moment
      ).value
    }
    let changes: [(inout BuildSettings) -> Void] = [
      { $0.baseURL = "https://example.com/" }, { $0.publish.states = [.todo] }, { $0.publish.bodies = false },
      { $0.publish.history = .titles }, { $0.publish.feeds = false }, { $0.publish.authors = false },
      { $0.publish.assignees = false }, { $0.publish.insights = false }, { $0.publish.search = false },
      { $0.publish.labelsOnly = ["public"] }, { $0.publish.labelsExcept = ["draft"] }, { $0.columnLimit = 3 },
      { $0.liveDates = true }, { $0.taskPages = false }, { $0.wipLimits = [nil, 5, nil] }, { $0.dueSoon = 7 },
      { $0.dueSoon = 0 }, { $0.aging = 3 }, { $0.orderBy = "priority" }, { $0.groupBy = "priority" },
      { $0.publish.fields.hidden = ["estimate"] }, { $0.pageCards = 40 },
    ]
    // One change for every stored property of the page settings (`publish` stands for its own eleven) and of the
    // publish policy; `due-soon` has two.
    #expect(
      changes.count - 1 >= Mirror(reflecting: PageSettings()).children.count - 1
        + Mirror(reflecting: PublishPolicy()).children.count)
    let prints = Set(
      changes.map { change in
        var settings = BuildSettings()
        change(&settings)
        return print(settings)
      } + [print(BuildSettings())])
    #expect(prints.count == changes.count + 1)
  }
}
