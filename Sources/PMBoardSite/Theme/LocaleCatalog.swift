import Foundation
import PMBoardCore
import Yams

/// One language's strings, read from `Templates/locales/CODE.yml`: nested keys flattened to `nav.board`,
/// lists (month names) kept as lists, each key remembering where it was written for diagnostics.
public struct LocaleCatalog: Sendable {
  public var code: String
  public var file: String
  public var strings: [String: String]
  public var lists: [String: [String]]
  /// A counted message's forms by plural category (`one`, `other`), where the catalog gives more than one: its
  /// key maps to `{one: "{total} task", other: "{total} tasks"}` instead of a string. `strings` holds the `other`
  /// form, so a template and a language without plural forms (Korean, Japanese) read the key as usual.
  public var plurals: [String: [String: String]] = [:]
  /// Where each key is defined (line, column), for messages that point at it.
  public var positions: [String: (line: Int, column: Int)]

  /// Keys the Swift side reads; a catalog without one of them cannot render a page.
  /// The words of every field an edit records (`field.<name>`) come from ``TaskField/editedFields``: a new field
  /// cannot be forgotten here.
  public static let requiredKeys: [String] =
    [
      "locale.name", "state.todo", "state.doing", "state.done", "board.as_of", "board.summary",
      "history.span", "history.added", "history.edited", "history.moved", "history.removed",
    ] + TaskField.editedFields.map { "field.\($0.rawValue)" } + [
      "field.unknown", "field.separator", "format.date_long", "format.timestamp",
      "format.month_names", "feeds.calendar", "feeds.atom", "feeds.calendar_name", "feeds.event",
      "feeds.history_title", "board.due_tomorrow", "board.due_in", "board.aging",
    ]
    + [
      "window", "flow", "flow_text", "throughput", "throughput_text", "cycle", "cycle_text", "cycle_none", "aging",
      "aging_text", "aging_none", "aging_shown", "week", "tasks", "days", "task", "bucket",
    ].map { "insights.\($0)" }

  /// The `{name}` placeholders pmboard fills in each message; any other name would show as written.
  public static let placeholders: [String: Set<String>] = {
    let sentence: Set = ["title", "from", "to", "fields"]
    return [
      "board.as_of": ["when"], "board.summary": ["total", "overdue"], "history.span": ["from", "to"],
      "history.added": sentence, "history.edited": sentence, "history.moved": sentence, "history.removed": sentence,
      "format.date_long": ["year", "month", "day", "month_name"], "format.timestamp": ["date", "hour", "minute"],
      "feeds.calendar_name": ["board"], "feeds.event": ["title", "state"], "feeds.history_title": ["board"],
      "board.lead_open": ["soon", "overdue"], "board.lead_done": ["recent"], "names.label": ["name"],
      "names.person": ["name"], "names.field": ["field", "name"],
      "milestone.done_of": ["done", "total", "percent"], "milestone.due": ["date"],
      "milestone.chart_text": ["done", "total", "from", "to"], "insights.window": ["from", "to"],
      "board.due_in": ["days"],
      "board.aging": ["days", "state"],
      "insights.flow_text": ["counts"],
      "insights.throughput_text": ["total", "last"], "insights.cycle_text": ["count", "median", "p85"],
      "insights.aging_text": ["count", "days"], "insights.aging_shown": ["shown", "more"],
      "search.results": ["count"], "search.more": ["shown"], "pages.page": ["number"],
    ]
  }()

  /// The placeholder whose number picks a counted message's plural form (``plurals``).
  public static let countedBy: [String: String] = [
    "board.summary": "total", "board.aging": "days", "board.due_in": "days", "insights.cycle_text": "count",
    "insights.aging_text": "count",
    "insights.throughput_text": "total", "search.results": "count", "board.lead_done": "recent",
  ]

  /// CLDR's plural categories: the keys of a mapping that is one message's forms rather than a group of keys.
  static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

  /// Parses a catalog; syntax problems come back as diagnostics with the YAML position.
  public static func parse(code: String, text: String, file: String) -> Result<LocaleCatalog, Diagnostic> {
    var catalog = LocaleCatalog(code: code, file: file, strings: [:], lists: [:], positions: [:])
    func forms(_ mapping: Node.Mapping) -> [String: String]? {
      let pairs = mapping.map { ($0.key.string ?? "", $0.value.string) }
      guard pairs.contains(where: { $0.0 == "other" }), pairs.allSatisfy({ pluralCategories.contains($0.0) }) else {
        return nil
      }
      return Dictionary(pairs.map { ($0.0, $0.1 ?? "") }) { first, _ in first }
    }
    let root: Node?
    do {
      // Every value is text: no implicit bool/number/date tags (resolving them compiles regexes, a third of a
      // small build's catalog parsing).
      root = try Yams.compose(yaml: text, .basic)
    } catch let error as YamlError {
      return .failure(Self.diagnostic(for: error, file: file))
    } catch {
      return .failure(
        Diagnostic(
          file: file, line: 1, column: 1, code: "catalog.unreadable", message: "cannot read the catalog: \(error)"))
    }
    guard let mapping = root?.mapping else {
      return .failure(
        Diagnostic(
          file: file, line: 1, column: 1, code: "catalog.not-a-mapping",
          message: "a catalog is a YAML mapping of keys to strings"))
    }
    var problem: Diagnostic?
    func walk(_ mapping: Node.Mapping, prefix: String) {
      for (keyNode, value) in mapping {
        let key = prefix + (keyNode.string ?? "")
        let mark = keyNode.mark ?? value.mark
        catalog.positions[key] = (mark?.line ?? 1, mark?.column ?? 1)
        switch value {
        case .mapping(let nested):
          if let forms = forms(nested) {
            catalog.plurals[key] = forms
            catalog.strings[key] = forms["other"]
          } else {
            walk(nested, prefix: key + ".")
          }
        case .sequence(let sequence): catalog.lists[key] = sequence.compactMap(\.string)
        case .scalar(let scalar): catalog.strings[key] = scalar.string
        case .alias:
          problem =
            problem
            ?? Diagnostic(
              file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, code: "catalog.alias",
              message: "YAML aliases are not supported")
        }
      }
    }
    walk(mapping, prefix: "")
    if let problem { return .failure(problem) }
    return .success(catalog)
  }

  /// Every key, strings and lists.
  public var keys: Set<String> { Set(strings.keys).union(lists.keys) }

  public func string(_ key: String) -> String { strings[key] ?? "" }

  /// Checks that all catalogs have the same keys and the keys pmboard needs; one diagnostic per problem.
  public static func compare(_ catalogs: [LocaleCatalog]) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    // `keys` builds a set: once per catalog, not once per key looked up.
    let keySets = catalogs.map(\.keys)
    let union = keySets.reduce(into: Set(requiredKeys)) { $0.formUnion($1) }
    let common = keySets.dropFirst().reduce(keySets.first ?? []) { $0.intersection($1) }
    func files(_ having: Bool, _ key: String) -> [String] {
      zip(catalogs, keySets).filter { $0.1.contains(key) == having }.map { ($0.0.file as NSString).lastPathComponent }
    }
    for (catalog, keys) in zip(catalogs, keySets) {
      for key in union.subtracting(keys).sorted() {
        let others = files(true, key)
        let origin = others.isEmpty ? "pmboard needs it" : "present in \(others.joined(separator: ", "))"
        problems.append(
          Diagnostic(
            file: catalog.file, line: 1, column: 1, code: "catalog.missing-key",
            message: "missing key `\(key)` (\(origin))"))
      }
      for key in keys.subtracting(common).sorted() {
        let position = catalog.positions[key] ?? (1, 1)
        let missing = files(false, key)
        problems.append(
          Diagnostic(
            file: catalog.file, line: position.line, column: position.column,
            code: "catalog.extra-key",
            message: "key `\(key)` is in no other catalog (missing in \(missing.joined(separator: ", ")))"))
      }
      for (key, known) in placeholders.sorted(by: { $0.key < $1.key }) {
        let position = catalog.positions[key] ?? (1, 1)
        let texts = [catalog.string(key)] + (catalog.plurals[key]?.values.map { $0 } ?? [])
        for text in texts {
          for name in CatalogMessage(text).placeholders where !known.contains(name) {
            problems.append(
              Diagnostic(
                file: catalog.file, line: position.line, column: position.column,
                code: "catalog.unknown-placeholder",
                message: "`\(key)` has the placeholder {\(name)}, which pmboard does not fill; it takes "
                  + known.sorted().map { "{\($0)}" }.joined(separator: ", ")))
          }
        }
      }
      if let months = catalog.lists["format.month_names"], months.count != 12 {
        let position = catalog.positions["format.month_names"] ?? (1, 1)
        problems.append(
          Diagnostic(
            file: catalog.file, line: position.line, column: position.column,
            code: "catalog.month-names", message: "`format.month_names` needs 12 names, found \(months.count)"))
      }
    }
    return problems
  }

  private static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
      return Diagnostic(
        file: file, line: mark.line, column: mark.column, code: "catalog.yaml", message: "YAML: \(problem)")
    default:
      return Diagnostic(file: file, line: 1, column: 1, code: "catalog.yaml", message: "YAML: \(error)")
    }
  }
}
