import Foundation

/// The rules of a task's labels, assignees and link: what a name and a link may be, and how many a task holds.
extension TaskRules {
  /// At most this many characters, and four bytes each, in one label or assignee name.
  public static let nameLimit = 50
  public static let nameByteLimit = 200
  /// At most this many labels, and assignees, on one task.
  public static let labelCountLimit = 20
  public static let assigneeCountLimit = 10
  /// At most this many options (or milestones) in one field.
  public static let optionCountLimit = 200
  /// At most this many bytes in a task's link.
  public static let urlByteLimit = 2000

  /// What a name names, for the wording of its rules.
  public enum NameKind: String, Sendable {
    case label, assignee
    /// A select's option or a milestone (``FieldOption/name``).
    case option
    /// A name of a declared multi-select field.
    case name

    /// The kind with its article, to start a sentence's subject ("a label", "an assignee").
    public var withArticle: String {
      switch self {
      case .label: "a label"
      case .assignee: "an assignee"
      case .option: "an option"
      case .name: "a name"
      }
    }

    /// At most this many names of the kind on one task (for options: on one field).
    public var countLimit: Int {
      switch self {
      case .label, .name: labelCountLimit
      case .assignee: assigneeCountLimit
      case .option: optionCountLimit
      }
    }
  }

  /// A label or assignee name trimmed of surrounding whitespace and in NFC, or the reason it is not acceptable: one
  /// line of 1 to ``nameLimit`` characters (``nameByteLimit`` bytes), no control character, something visible.
  public static func checkName(_ raw: String, as kind: NameKind) -> Result<String, RuleViolation> {
    let name = nfc(raw.trimmingCharacters(in: .whitespacesAndNewlines))
    let what = "the \(kind.rawValue) \"\(name.unicodeScalars.count > 60 ? String(name.prefix(40)) + "…" : name)\""
    if name.isEmpty { return .failure(RuleViolation("\(kind.withArticle) is empty; give it a name")) }
    if name.unicodeScalars.contains(where: isLineBreak) {
      return .failure(RuleViolation("\(what) has a line break; \(kind.withArticle) is one line"))
    }
    if let control = name.unicodeScalars.first(where: isControl) {
      return .failure(RuleViolation("\(kind.withArticle) has the control character \(codePoint(control)); remove it"))
    }
    if name.unicodeScalars.allSatisfy(isInvisible) {
      return .failure(RuleViolation("\(kind.withArticle) has no visible character; give it a name"))
    }
    if name.utf8.count > nameByteLimit || name.count > nameLimit {
      return .failure(RuleViolation("\(what) is longer than \(nameLimit) characters; shorten it"))
    }
    return .success(name)
  }

  /// The names checked one by one into a set, or the first reason one is not acceptable (or there are too many).
  public static func checkNames(_ raw: some Sequence<String>, as kind: NameKind) -> Result<NameSet, RuleViolation> {
    var names: [String] = []
    for name in raw {
      switch checkName(name, as: kind) {
      case .success(let checked): names.append(checked)
      case .failure(let violation): return .failure(violation)
      }
    }
    return checkCount(NameSet(names), as: kind)
  }

  /// `names` when there are at most as many as a task holds.
  public static func checkCount(_ names: NameSet, as kind: NameKind) -> Result<NameSet, RuleViolation> {
    guard names.count > kind.countLimit else { return .success(names) }
    return .failure(
      RuleViolation("\(names.count) \(kind.rawValue)s on one task; at most \(kind.countLimit) are allowed"))
  }

  /// A task's link to its page elsewhere: an absolute `http` or `https` URL with a host, one line without spaces or
  /// control characters, at most ``urlByteLimit`` bytes; empty means none. Other schemes (`javascript:`, `file:`)
  /// are refused, as every page links it.
  public static func checkURL(_ raw: String) -> Result<String, RuleViolation> {
    let url = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if url.isEmpty { return .success("") }
    if let bad = url.unicodeScalars.first(where: { isControl($0) || isLineBreak($0) || isSpace($0) }) {
      return .failure(RuleViolation("the link has the character \(codePoint(bad)); a link has no spaces or controls"))
    }
    if url.utf8.count > urlByteLimit {
      return .failure(RuleViolation("the link is \(url.utf8.count) bytes; at most \(urlByteLimit) are allowed"))
    }
    let lower = url.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
      let components = URLComponents(string: url), let host = components.host, !host.isEmpty
    else {
      return .failure(
        RuleViolation("the link \"\(url.prefix(80))\" is not an http(s) address such as https://example.com/1"))
    }
    return .success(url)
  }

  /// The labels, assignees and link of a stored or imported task, each checked as the command line checks them.
  static func nameAndLinkProblems(in task: BoardTask) -> [(field: String, problem: RuleViolation)] {
    var found: [(String, RuleViolation)] = []
    for (field, names, kind) in [("labels", task.labels, NameKind.label), ("assignees", task.assignees, .assignee)] {
      switch checkNames(names, as: kind) {
      case .failure(let violation): found.append((field, violation))
      case .success(let checked) where checked != names:
        found.append((field, RuleViolation("\(kind.withArticle) has leading or trailing whitespace or is not in NFC")))
      case .success: break
      }
    }
    switch checkURL(task.url) {
    case .failure(let violation): found.append(("url", violation))
    case .success(let checked) where checked != task.url:
      found.append(("url", RuleViolation("the link has leading or trailing whitespace")))
    case .success: break
    }
    return found
  }
}
