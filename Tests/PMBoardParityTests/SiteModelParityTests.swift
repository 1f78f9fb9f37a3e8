import Foundation
import Mustache
import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// The build renders pages from `SiteModel` (bytes and integers); docs/theming.md documents the `PageContext` view
/// model. Every page of a site must come out byte-identical from both, and identical to swift-mustache rendering
/// the `PageContext`s.
@Suite struct SiteModelParityTests {
  /// Uses every documented variable, raw and escaped, lookups down the stack, `{{.}}`, sections over text and
  /// an indented partial.
  static let kitchenSink: [String: String] = [
    "board": """
    {{lang}}|{{t.locale.direction}}|{{root}}|{{boardTitle}}|{{{boardTitle}}}|{{pageTitle}}|{{asOf}}|{{asOfISO}}
    {{summary}}|{{boardHref}}|{{historyHref}}|{{isBoard}}|{{isHistory}}|{{canonical}}|{{#canonical}}c={{.}}{{/canonical}}|{{atomHref}}|{{#calendarHref}}{{.}}{{/calendarHref}}
    {{#locales}}{{code}},{{name}},{{href}},{{url}},{{current}},{{lang}},{{.code}},{{.lang}};{{/locales}}
    {{#columns}}
    [{{state}}|{{label}}|{{count}}|{{isEmpty}}|{{#isEmpty}}{{t.board.empty}}{{/isEmpty}}|{{wipLimit}}|{{hasWipLimit}}|{{#overWipLimit}}over{{/overWipLimit}}|{{columnHref}}|{{{columnHref}}}
      {{> cards}}
    ]
    {{/columns}}
    {{#t}}{{board.heading}}{{lang}}{{/t}}{{t.nope.x}}{{#isEmpty}}x{{/isEmpty}}{{pageLabel}}{{missing}}
    {{#lanes}}<{{name}}|{{{name}}}|{{href}}|{{count}}|{{laneId}}{{#columns}}[{{state}}|{{count}}|{{isEmpty}}|{{hasMore}}|{{columnHref}}|{{leadNote}}|{{wipLimit}}|{{overWipLimit}}|{{laneId}}
      {{> cards}}]{{/columns}}>{{/lanes}}{{^hasLanes}}no lanes{{/hasLanes}}
    """,
    "cards": """
    {{#cards}}
    <{{id}}|{{title}}|{{{title}}}|{{body}}|{{&body}}|{{hasBody}}|{{due}}|{{hasDue}}|{{dueText}}|{{{dueText}}}
    {{excerpt}}|{{isLong}}|{{hasMore}}|{{localeDir}}|{{href}}|{{{href}}}|{{columnHref}}|{{overdueHref}}
    {{state}}|{{overdue}}|{{dueToday}}|{{t.board.overdue}}|{{label}}|{{count}}|{{lang}}|{{#title}}{{.}}{{/title}}
    {{.title}}|{{.label}}|{{#hasDue}}{{due}}{{/hasDue}}{{^hasBody}}nobody{{/hasBody}}
    {{hasChecklist}}|{{checklistDone}}|{{checklistTotal}}|{{#hasChecklist}}{{t.board.checklist}}{{/hasChecklist}}
    {{#labels}}({{name}}|{{{name}}}|{{hue}}|{{path}}|{{count}}|{{localeDir}}|{{href}}|{{{href}}}|{{columnHref}}){{/labels}}{{hasLabels}}
    {{#assignees}}({{name}}|{{path}}|{{count}}|{{href}}){{/assignees}}{{hasAssignees}}|{{link}}|{{{link}}}|{{linkText}}
    {{hasLink}}|{{hasDoneDate}}|{{doneDate}}|{{doneText}}|{{dueSoon}}|{{dueSoonText}}|{{#dueSoon}}soon{{/dueSoon}}|{{aged}}|{{agedText}}
    {{#fields}}({{field}}|{{{field}}}|{{name}}|{{hue}}|{{path}}|{{count}}|{{href}}|{{{href}}}|{{id}}){{/fields}}{{hasFields}}
    {{#values}}({{field}}={{value}}|{{{value}}}|{{name}}|{{id}}){{/values}}{{hasValues}}>
    {{/cards}}
    """,
    "history": """
    {{#entries}}
      {{action}}|{{at}}|{{{at}}}|{{timeText}}|{{{timeText}}}|{{sentence}}|{{{sentence}}}|{{#sentence}}{{.}}{{/sentence}}
      {{pageLabel}}|{{lang}}|{{t.history.heading}}|{{.action}}|{{.lang}}|{{#at}}{{.}}{{/at}}|{{isEmpty}}
    {{/entries}}
    {{isEmpty}}|{{pageLabel}}|{{hasPager}}|{{prevHref}}|{{nextHref}}|{{#prevHref}}{{.}}{{/prevHref}}
    {{^nextHref}}none{{/nextHref}}{{#columns}}x{{/columns}}{{^entries}}empty{{/entries}}|{{boardTitle}}
    {{#entries}}{{taskId}}|{{hasTask}}|{{#hasTask}}{{localeDir}}{{taskId}}{{/hasTask}};{{/entries}}{{timeZone}}
    """,
    "column": """
    {{#column}}[{{state}}|{{label}}|{{count}}|{{hasMore}}|{{isEmpty}}|{{wipLimit}}|{{hasWipLimit}}|{{overWipLimit}}|{{columnHref}}
    {{> cards}}]{{/column}}{{localeDir}}|{{timeZone}}|{{overdueCount}}|{{hasOverdue}}|{{isOverduePage}}
    {{isTaskPage}}|{{isColumnPage}}|{{showsSummary}}|{{isHistory}}|{{isBoard}}|{{summaryHead}}|{{summaryTail}}|{{live}}|{{liveToday}}
    {{liveZone}}|{{liveBuilt}}|{{dueCounts}}|{{^task}}notask{{/task}}|{{#column}}c{{/column}}|{{taskTitle}}|{{isRemoved}}|{{removedText}}
    {{pageLabel}}|{{hasPager}}|{{prevHref}}|{{nextHref}}|{{firstHref}}|{{#firstHref}}f{{/firstHref}}|{{pageIndex}}|{{{pageIndex}}}
    """,
    "overdue": """
    {{#overdueCards}}<{{id}}|{{excerpt}}|{{{excerpt}}}|{{isLong}}|{{label}}|{{state}}|{{localeDir}}>{{/overdueCards}}
    {{isOverduePage}}|{{overdueCount}}|{{hasOverdue}}|{{^overdueCards}}none{{/overdueCards}}|{{isArchive}}
    {{pageLabel}}|{{hasPager}}|{{prevHref}}|{{nextHref}}|{{firstHref}}|{{{pageIndex}}}
    """,
    "task": """
    {{taskTitle}}|{{{taskTitle}}}|{{isRemoved}}|{{removedText}}|{{isTaskPage}}|{{isHistory}}|{{localeDir}}|{{root}}
    {{#task}}{{id}}|{{title}}|{{label}}|{{body}}|{{excerpt}}|{{isLong}}|{{overdue}}|{{state}}|{{href}}|{{columnHref}}{{/task}}{{^task}}gone{{/task}}
    {{#entries}}{{action}}|{{taskId}}|{{hasTask}}|{{sentence}}|{{timeText}};{{/entries}}{{isEmpty}}|{{hasPager}}
    {{#locales}}{{href}}|{{url}}|{{current}};{{/locales}}
    """,
    "milestones": """
    {{heading}}|{{progress}}|{{{progress}}}|{{localeDir}}|{{isNamePage}}|{{^columns}}nocolumns{{/columns}}
    """,
    "name": """
    {{heading}}|{{{heading}}}|{{isNamePage}}|{{isNameIndex}}|{{namesHref}}|{{localeDir}}|{{progress}}|{{{progress}}}
    {{#columns}}[{{state}}|{{count}}|{{hasMore}}|{{leadNote}}|{{hasLeadNote}}|{{columnHref}}
    {{> cards}}]{{/columns}}
    """,
    "due-soon": """
    {{#dueSoonCards}}<{{id}}|{{dueSoon}}|{{dueSoonText}}|{{state}}|{{localeDir}}>{{/dueSoonCards}}
    {{isDueSoonPage}}|{{dueSoonCount}}|{{hasDueSoon}}|{{dueSoonHref}}|{{dueSoonDays}}|{{^dueSoonCards}}none{{/dueSoonCards}}
    """,
    "insights": """
    {{pageLabel}}|{{{pageLabel}}}|{{insights}}|{{{insights}}}|{{isInsights}}|{{insightsHref}}|{{#insightsHref}}{{.}}{{/insightsHref}}
    {{isHistory}}|{{isBoard}}|{{localeDir}}|{{^columns}}nocolumns{{/columns}}
    """,
    "search": """
    {{hasSearch}}|{{#hasSearch}}{{root}}{{/hasSearch}}|{{localeDir}}|{{hasTaskPages}}|{{namesHref}}|{{dueSoonHref}}|{{overdueHref}}|{{href}}
    {{isHistory}}|{{isBoard}}|{{^columns}}nocolumns{{/columns}}|{{t.search.heading}}
    """,
    "names": """
    {{#labelIndex}}<{{name}}|{{{name}}}|{{hue}}|{{path}}|{{count}}|{{localeDir}}|{{href}}>{{/labelIndex}}{{hasLabelIndex}}
    {{#peopleIndex}}<{{name}}|{{path}}|{{count}}|{{href}}|{{{href}}}>{{/peopleIndex}}{{hasPeopleIndex}}|{{isNameIndex}}|{{namesHref}}
    {{#fieldIndexes}}[{{name}}|{{{name}}}|{{#names}}<{{name}}|{{hue}}|{{path}}|{{count}}|{{href}}|{{field}}>{{/names}}]{{/fieldIndexes}}{{hasFieldIndexes}}
    """,
  ]

  /// Loops that resolve names once for all items (cards, entries and locale links that push nothing inside):
  /// every item variable raw and escaped, `{{.name}}`, names found further down the stack, missing
  /// names, flags nested in flags, inverted sections over text, and a partial inside the loop.
  static let boundLoops: [String: String] = [
    "board": """
    {{#columns}}
    [{{state}}|{{label}}|{{count}}
    {{> cards}}
    ]
    {{/columns}}
    {{#locales}}{{code}},{{name}},{{href}},{{url}},{{current}},{{#current}}*{{/current}}{{lang}},{{.code}},{{.lang}};{{/locales}}
    """,
    "cards": """
    {{#cards}}
    <{{id}}|{{title}}|{{{title}}}|{{body}}|{{&body}}|{{hasBody}}|{{due}}|{{hasDue}}|{{dueText}}|{{{dueText}}}
    {{state}}|{{overdue}}|{{dueToday}}|{{t.board.overdue}}|{{label}}|{{count}}|{{lang}}|{{^title}}none{{/title}}
    {{.title}}|{{.label}}|{{#hasDue}}{{due}}{{#overdue}}!{{t.board.overdue}}{{/overdue}}{{/hasDue}}{{^hasBody}}nobody{{/hasBody}}
    {{missing}}{{#missing}}x{{/missing}}{{^missing}}y{{/missing}}{{#isEmpty}}never{{/isEmpty}}{{^isBoard}}no{{/isBoard}}
    {{#link}}[{{.}}|{{linkText}}]{{/link}}{{^link}}nolink{{/link}}{{#doneDate}}({{.}}){{/doneDate}}
    {{#labels}}<{{name}}|{{hue}}|{{href}}>{{/labels}}{{^labels}}nolabels{{/labels}}|{{href}}|{{{href}}}|{{columnHref}}
    {{> card}}
    {{/cards}}
    """,
    "card": "[{{title}}{{#dueToday}} today{{/dueToday}}{{^overdue}} fine{{/overdue}}]",
    "history": """
    {{#entries}}
    {{action}}|{{at}}|{{{at}}}|{{timeText}}|{{{timeText}}}|{{sentence}}|{{{sentence}}}|{{^sentence}}x{{/sentence}}
    {{pageLabel}}|{{lang}}|{{t.history.heading}}|{{.action}}|{{.lang}}|{{isEmpty}}|{{#hasPager}}p{{/hasPager}}
    {{/entries}}
    {{#locales}}{{code}}{{#current}}*{{/current}}{{/locales}}
    """,
  ]

  @Test func boundLoopsOnHostileData() throws {
    try expectParity(
      board: Self.hostileBoard(), templates: Self.boundLoops, baseURL: "https://example.com/b",
      asOf: Date(timeIntervalSince1970: 1_795_000_000))
    try expectParity(board: Self.board(), templates: Self.boundLoops)
  }

  /// Titles that tie on the sort key's 8- and 16-byte prefixes and differ after them, canonically equivalent
  /// spellings past byte 16, a title that is another's prefix, one with a NUL byte: board order must still be
  /// `BoardOrder`'s (the reference pages sort with it).
  @Test func boardOrderPastTheSortKeysPrefixes() throws {
    var board = Board(info: BoardInfo(title: "Order", timeZoneID: "UTC"))
    let titles = [
      "sixteen bytes ab|b", "sixteen bytes ab|a", "sixteen bytes ab", "sixteen bytes ab\u{0}", "sixteen bytes ab|é",
      "sixteen bytes ab|e\u{301}", "eight by|tes z", "eight by|tes a", "eight by", "eight by|\u{212A}",
      "eight by|K", "sixteen bytes ab|é",
    ]
    for (index, title) in titles.enumerated() {
      board.tasks.append(
        BoardTask(
          id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", 500 - index))!, title: title,
          body: "", due: index % 3 == 0 ? nil : CalendarDate(year: 2026, month: 12, day: 1)!, state: .todo,
          created: Date(timeIntervalSince1970: 1_794_000_000)))
    }
    try expectParity(board: board, templates: nil)
  }

  @Test func builtInThemeOnTheDemoBoard() throws {
    try expectParity(board: Self.board(), templates: nil)
  }

  @Test func builtInThemeOnHostileData() throws {
    try expectParity(board: Self.hostileBoard(), templates: nil, asOf: Date(timeIntervalSince1970: 1_795_000_000))
  }

  @Test func everyVariableOnHostileData() throws {
    try expectParity(
      board: Self.hostileBoard(), templates: Self.kitchenSink, baseURL: "https://example.com/b",
      asOf: Date(timeIntervalSince1970: 1_795_000_000))
  }

  /// A locale whose own words need escaping: every sentence and timestamp takes the escaping path.
  @Test func localeWordsThatNeedEscaping() throws {
    let path = Golden.repositoryRoot.appendingPathComponent("Templates/locales/en.yml")
    let text = try String(contentsOf: path, encoding: .utf8)
      .replacingOccurrences(of: "“\\u2068{title}\\u2069”", with: "'{title}' <&>")
      .replacingOccurrences(
        of: "timestamp: \"{date} {hour}:{minute}\"", with: "timestamp: \"{date} & {hour}:{minute}\""
      )
      .replacingOccurrences(of: "body: description", with: "body: \"<body>\"")
    #expect(text.contains("'{title}' <&>") && text.contains("{date} & {hour}") && text.contains("\"<body>\""))
    let english = try LocaleCatalog.parse(code: "en", text: text, file: "en.yml").get()
    try expectParity(board: Self.hostileBoard(), templates: Self.kitchenSink, catalogs: ["en": english])
    try expectParity(board: Self.board(), templates: nil, catalogs: ["en": english])
  }

  /// Page links inside the columns: the root index (which copies the default locale's board where it can) must
  /// render those sections itself.
  @Test func pageLinksInsideTheColumns() throws {
    var templates = Self.kitchenSink
    templates["cards"]! += "{{root}}|{{boardHref}}|{{canonical}}|{{#locales}}{{href}}{{/locales}}\n"
    try expectParity(board: Self.hostileBoard(), templates: templates, baseURL: "https://example.com/b")
  }

  /// Columns cut to two cards with "Show all", and the live-dates attributes, on every kind of page.
  @Test func columnLimitsAndLiveDates() throws {
    try expectParity(
      board: Self.hostileBoard(), templates: nil, asOf: Date(timeIntervalSince1970: 1_795_000_000), cardLimit: 2,
      liveDates: true)
    try expectParity(board: Self.hostileBoard(), templates: Self.kitchenSink, cardLimit: 1, liveDates: true)
    try expectParity(board: Self.hostileBoard(), templates: nil, taskPages: false)
    try expectParity(board: Self.hostileBoard(), templates: Self.kitchenSink, taskPages: false)
  }

  /// Long columns cut into pages (`page-cards`): each page's cards, count and pager, and, without task pages, every
  /// card's link to the page it is on, from the board, name, overdue and due-soon pages.
  @Test(arguments: [2, 3, 4])
  func longColumnsInPages(pageCards: Int) throws {
    try expectParity(board: Self.hostileBoard(), templates: nil, taskPages: false, pageCards: pageCards)
    try expectParity(board: Self.hostileBoard(), templates: Self.kitchenSink, taskPages: false, pageCards: pageCards)
    try expectParity(
      board: Self.hostileBoard(), templates: nil, cardLimit: 2, liveDates: true, wipLimits: [1, 1, 1],
      pageCards: pageCards)
  }

  /// A column `publish: states` leaves out is not on the board page at all (the middle one, so that the list's
  /// items are not the first states).
  @Test func leftOutColumnsAreNotOnTheBoardPage() throws {
    var publish = PublishPolicy.everything
    try publish.set("states", "todo, done")
    try expectParity(board: Self.hostileBoard(), templates: nil, liveDates: true, publish: publish)
    try expectParity(board: Self.hostileBoard(), templates: Self.kitchenSink, publish: publish)
  }

  @Test func everyVariableOnAnEmptyBoard() throws {
    try expectParity(board: Board(info: BoardInfo(title: "Empty", timeZoneID: "UTC")), templates: Self.kitchenSink)
  }

  /// Work-in-progress limits: one a column keeps, one it breaks, one column without; on the board, the column
  /// pages, and not on name pages.
  @Test func workInProgressLimits() throws {
    try expectParity(board: Self.hostileBoard(), templates: Self.kitchenSink, wipLimits: [1000, 1, nil])
    try expectParity(board: Self.hostileBoard(), templates: nil, wipLimits: [nil, 1, 2])
  }

  /// Due-soon windows and aging thresholds: none, a day, and wide enough to take in every dated or DOING card.
  @Test(arguments: [(0, 0), (1, 1), (400, 0), (3, 2)])
  func dueSoonAndAging(window: Int, aging: Int) throws {
    try expectParity(board: Self.hostileBoard(), templates: Self.kitchenSink, dueSoon: window, aging: aging)
    try expectParity(board: Self.hostileBoard(), templates: nil, liveDates: true, dueSoon: window, aging: aging)
  }

  /// Lanes (`group-by`): a select's options that have cards, in its order, then the cards without one (an option
  /// the field no longer has among them), each lane's columns capped; the milestone field; a multi-select and a
  /// missing key, which build the board without lanes.
  @Test(arguments: ["priority", "milestone", "team", "nope"])
  func groupedBoard(by key: String) throws {
    try expectParity(board: Self.hostileBoard(), templates: Self.kitchenSink, cardLimit: 1, groupBy: key)
    try expectParity(board: Self.hostileBoard(), templates: nil, cardLimit: 2, liveDates: true, groupBy: key)
  }

  /// An empty table has no elements to iterate (it had one uninitialised slot, read as garbage by a build of a
  /// board without history: the old flaky crash of `aKilledOrFullDiskBuildLeavesTheOldSite`).
  @Test func emptyTablesHaveNoElements() {
    let (empty, made, three) = (FixedArray<RawRef>([]), FixedArray<Int>(count: 0) { $0 }, FixedArray([1, 2, 3]))
    withExtendedLifetime((empty, made, three)) {
      #expect(empty.isEmpty)
      #expect(made.isEmpty)
      #expect(Array(three) == [1, 2, 3])
    }
  }

  // MARK: - Helpers

  private func expectParity(
    board: Board, templates: [String: String]?, baseURL: String? = nil, asOf: Date? = nil,
    catalogs: [String: LocaleCatalog] = [:], cardLimit: Int = 50, liveDates: Bool = false,
    taskPages: Bool = true, publish: PublishPolicy = .everything, wipLimits: [Int?] = [nil, nil, nil],
    dueSoon: Int = 3, aging: Int = 14, groupBy: String? = nil, pageCards: Int = 500,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let checked = try TemplateChecker().check(
      Theme.load(templatesDir: nil, publicDir: nil, workingDirectory: URL(fileURLWithPath: "/nonexistent")))
    var sources = checked.templates
    var library = MustacheLibrary()
    var texts = templates ?? Self.builtInTexts()
    if let templates {
      // A set written for board and history pages renders the other pages with the kitchen sink's templates.
      // Every page template but the board's and the history's, from the registry: a new page kind is covered.
      let others = Set(Theme.pageTemplates).subtracting(["board", "history"])
      texts = templates.merging(Self.kitchenSink.filter { others.contains($0.key) }) { mine, _ in mine }
      sources = try TemplateSet(sources: texts.mapValues { (text: $0, file: "test.mustache") })
    }
    for (name, text) in texts {
      try library.register(text, named: name)
    }
    let theme = TemplateChecker.Checked(
      templates: sources, catalogs: checked.catalogs.merging(catalogs) { $1 }, assets: checked.assets)
    var settings = PageSettings(baseURL: baseURL)
    (settings.taskPages, settings.liveDates, settings.columnLimit) = (taskPages, liveDates, cardLimit)
    (settings.publish, settings.wipLimits, settings.dueSoon, settings.aging) = (publish, wipLimits, dueSoon, aging)
    (settings.groupBy, settings.pageCards) = (groupBy, pageCards)
    let renderer = SiteRenderer(
      snapshot: BoardSnapshot(board), theme: theme, locales: ["ko", "en", "ja"], defaultLocale: "ko",
      moment: BuildMoment(today: CalendarDate(year: 2026, month: 11, day: 21)!, asOf: asOf), settings: settings)
    // Each page's view takes the dresses of the cards it predicts it shows: the cards its lists walk.
    for page in renderer.shownCardsByPage() {
      #expect(page.predicted == page.walked, "\(page.path): cards shown", sourceLocation: sourceLocation)
    }
    let fast = renderer.renderedPages()
    let streamed = renderer.renderedPages(chunk: 7)
    let reference = renderer.referencePages(of: board)
    #expect(fast.map(\.path) == reference.map(\.path), sourceLocation: sourceLocation)
    for (index, page) in reference.enumerated() where index < fast.count {
      let expected = try #require(
        library.render(MustacheData.dictionary(page.context), withTemplate: page.template))
      #expect(
        fast[index].bytes == Array(expected.utf8),
        "\(page.path) differs:\n\(Self.firstDifference(fast[index].bytes, Array(expected.utf8)))",
        sourceLocation: sourceLocation)
      #expect(streamed[index].bytes == fast[index].bytes, "\(page.path) streamed", sourceLocation: sourceLocation)
      #expect(
        Array(try sources.render(page.template, page.context).utf8) == Array(expected.utf8),
        "\(page.path) TemplateSet", sourceLocation: sourceLocation)
    }
  }

  private static func firstDifference(_ got: [UInt8], _ want: [UInt8]) -> String {
    let index = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
    let from = max(0, index - 80)
    return "got:  \(String(decoding: got[from..<min(got.count, index + 80)], as: UTF8.self))\n"
      + "want: \(String(decoding: want[from..<min(want.count, index + 80)], as: UTF8.self))"
  }

  private static func builtInTexts() -> [String: String] {
    let directory = Golden.repositoryRoot.appendingPathComponent("Templates")
    var texts: [String: String] = [:]
    for name in Theme.pageTemplates {
      texts[name] = try? String(contentsOf: directory.appendingPathComponent("\(name).mustache"), encoding: .utf8)
    }
    for name in ["card", "entry", "footer", "head", "header", "live-attributes"] {
      texts[name] = try? String(
        contentsOf: directory.appendingPathComponent("partials/\(name).mustache"), encoding: .utf8)
    }
    return texts
  }

  static func board() -> Board {
    DemoBoard.make(
      info: BoardInfo(title: DemoBoard.title, timeZoneID: "Asia/Seoul"), now: Date(timeIntervalSince1970: 1_795_250_000)
    )
  }

  /// Bodies short, empty, and long enough to be cut on a card (by characters, and by lines, with CJK and markup).
  private static func body(_ index: Int) -> String {
    switch index % 5 {
    case 0: "body <b>\(index)</b> & 'q' \"w\""
    case 1: String(repeating: "한글 <&> 日本 ", count: 30)
    case 2: String(repeating: "line & <x>\n", count: 40)
    // A checklist (two of three done, one line that only looks like an item) the cards count.
    case 3: "steps:\n- [x] one\n  * [ ] two & <three>\n+ [X] four\n-[ ] not an item\n- [y] nor this"
    default: ""
    }
  }

  /// Text that escaping, sorting (canonical equivalence, equal titles), Korean particles and time zones trip on.
  static func hostileBoard() -> Board {
    var board = board()
    board.info = BoardInfo(title: "<Board> & \"Co\" 'x'", timeZoneID: "America/New_York")
    let titles = [
      "<script>alert(1)</script>", "K", "\u{212A}", "K", "e\u{301}", "é", "a<\u{338}b", "한글", "한글", "‘인용’",
      "Tom & Jerry", "\"quoted\"", "", " spaced ", "日本語のタイトル", "👍🏽 & 👍", "x\u{0600}<", "ﬁ", "Ω", "\u{2126}",
      "가\u{11A8}", "각",
    ]
    let created = Date(timeIntervalSince1970: 1_794_000_000)
    for (index, title) in titles.enumerated() {
      let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", 1000 - index))!
      let state = TaskState.allCases[index % 3]
      let due: CalendarDate? =
        index % 4 == 0 ? nil : CalendarDate(year: 2026, month: 11, day: 18 + index % 5)!
      board.tasks.append(
        BoardTask(
          id: id, title: title, body: body(index), due: due,
          state: state, created: created))
      let at = created.addingTimeInterval(Double(index) * 5_000_000 + 0.75)
      board.history.append(HistoryEntry(at: at, action: .added, taskID: id, title: title, to: state))
      board.history.append(
        HistoryEntry(
          at: at.addingTimeInterval(60), action: .edited, taskID: id, title: title,
          fields: Array([TaskField.title, .body, .due, .title].prefix(index % 5))))
      board.history.append(
        HistoryEntry(at: at.addingTimeInterval(120), action: .moved, taskID: id, title: title, from: nil, to: nil))
      board.history.append(
        HistoryEntry(at: at.addingTimeInterval(180), action: .removed, taskID: id, title: title, from: state))
    }
    // A task removed for good: its page is a tombstone.
    let gone = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    board.history.append(HistoryEntry(at: created, action: .added, taskID: gone, title: "<gone> & 곧", to: .doing))
    board.history.append(
      HistoryEntry(at: created.addingTimeInterval(9), action: .removed, taskID: gone, title: "<gone> & 곧", from: .doing)
    )
    // Instants at the edges of what `at` shows as YYYY-MM-DD: before 1970, the first second of year 0, the last
    // of 9999 and the first of 10000.
    for seconds in [-1.0, -62_167_219_200, 253_402_300_799, 253_402_300_800] {
      board.history.append(
        HistoryEntry(
          at: Date(timeIntervalSince1970: seconds), action: .added, taskID: board.tasks[0].id, title: "edge", to: .todo)
      )
    }
    // Declared fields of every type on every kind of task above: chips, values, their pages and the index.
    return FieldSamples.declare(on: board)
  }
}
