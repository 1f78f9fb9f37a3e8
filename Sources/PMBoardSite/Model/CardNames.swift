import Foundation
import PMBoardBytes
import PMBoardCore

/// The names the cards show, by card in board order: each name field's (``NameField``: labels, assignees, then the
/// board's select, multi-select and milestone fields) distinct names once, with their colour and page, and each
/// card's names as indices into them; and each card's link. A board without any (most boards before they existed)
/// has ``none`` and costs one look at each task.
///
/// A class: every page's view holds the board's names, and a struct of its fifteen arrays cost fifteen reference
/// counts a copy, on each of 300,000 task pages.
public final class CardNames: Sendable {
  /// A card's value of a declared text, number or date field: shown on the card, with no page of its own.
  public struct Value: Sendable {
    /// An index into ``CardNames/valueFields``.
    public var field: Int32
    public var text: TextRef
  }

  /// One distinct name of one field.
  public struct Name: Sendable {
    public var text: TextRef
    /// Its field: an index into ``CardNames/fields``.
    public var field: Int
    /// Which of the theme's ``hueCount`` label colours the name wears: a hash of its bytes, the same on every build
    /// and every board.
    public var hue: Int
    /// Where its page is in a locale's folder, without `.html`: `labels/bug-5f1c0a2e`, `people/kyo-0b9d3e71`.
    public var path: TextRef
    /// Its cards in board order (indices into the cards).
    public var cards: [Int32]
  }

  /// How many label colours the theme defines (`.hue-0` … `.hue-11` in `style.css`, each checked for AA contrast
  /// in light and dark).
  public static let hueCount = 12

  /// The built-in fields' places in ``fields`` (``NameField/all(of:)`` puts them first).
  public static let labelField = 0
  public static let assigneeField = 1

  public let bytes: ByteArena
  public let names: [Name]
  /// The fields the names belong to, in the board's order; empty for ``none``.
  public let fields: [NameField]
  /// Each field's name as a page shows it, by locale code (`""` for a locale the field has no name in): the name
  /// fields', then the value fields'.
  let fieldTitles: [[String: TextRef]]
  /// The declared text, number and date fields in the board's order, and the cards' values of them: card `c`'s
  /// are `values[valueStarts[c]..<valueStarts[c + 1]]`, in field order.
  public let valueFields: [FieldDefinition]
  public let values: [Value]
  let valueStarts: [Int32]
  /// Card `c`'s names are `cardNames[starts[c]..<starts[c + 1]]`, field by field: field `f`'s are
  /// `cardNames[bounds[c * fields.count + f]..<bounds[c * fields.count + f + 1]]`.
  public let cardNames: [Int32]
  public let starts: [Int32]
  let bounds: [Int32]
  /// By card: its link (empty for none) and the link's words: `#17` for an issue or pull request address, else
  /// the host.
  public let links: [TextRef]
  public let linkTexts: [TextRef]
  /// Each field's names (indices into ``names``) as its index lists them: a select's and a milestone field's in
  /// the order of its options, the others' by name in code point order.
  public let sorted: [[Int32]]
  /// The declared name fields (past labels and assignees) some card has a name of: the index's sections.
  public let indexedFields: [Int]

  public static let none = CardNames(
    bytes: ArenaBuilder().finish(), names: [], fields: [], fieldTitles: [], cardNames: [], bounds: [], links: [],
    linkTexts: [], valueFields: [], values: [], valueStarts: [])

  init(
    bytes: ByteArena, names: [Name], fields: [NameField], fieldTitles: [[String: TextRef]], cardNames: [Int32],
    bounds: [Int32], links: [TextRef], linkTexts: [TextRef], valueFields: [FieldDefinition], values: [Value],
    valueStarts: [Int32]
  ) {
    (self.bytes, self.names, self.fields, self.fieldTitles) = (bytes, names, fields, fieldTitles)
    (self.cardNames, self.bounds, self.links, self.linkTexts) = (cardNames, bounds, links, linkTexts)
    (self.valueFields, self.values, self.valueStarts) = (valueFields, values, valueStarts)
    let width = max(1, fields.count)
    starts = stride(from: 0, to: bounds.count, by: width).map { bounds[$0] }
    sorted = fields.indices.map { field in
      let mine = names.indices.filter { names[$0].field == field }
      guard fields[field].keepsOptionOrder else {
        return mine.sorted {
          bytes.string(names[$0].text).unicodeScalars.lexicographicallyPrecedes(
            bytes.string(names[$1].text).unicodeScalars)
        }.map { Int32($0) }
      }
      let options = fields[field].definition.options
      let rank = Dictionary(options.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
      return mine.sorted {
        rank[bytes.string(names[$0].text), default: .max] < rank[bytes.string(names[$1].text), default: .max]
      }
      .map { Int32($0) }
    }
    let sorted = self.sorted
    indexedFields = fields.indices.dropFirst(2).filter { !sorted[$0].isEmpty }
  }

  /// The names of the tasks `order` lists (indices into `tasks.records`, board order), of the name fields of
  /// `fields`.
  static func made(tasks: BoardSnapshot.Tasks, order: [Int32], fields boardFields: BoardFields = .none) -> CardNames {
    let records = tasks.records
    let fields = NameField.all(of: boardFields)
    let valueFields = boardFields.valued.filter { !$0.type.hasOptions && !$0.type.holdsNames }
    let declared = fields.count > 2 || !valueFields.isEmpty
    guard
      records.contains(where: {
        $0.labels.count > 0 || $0.assignees.count > 0 || $0.url.count > 0 || (declared && $0.values.count > 0)
      })
    else {
      return .none
    }
    var collector = NameCollector(tasks: tasks, fields: fields, valueFields: valueFields)
    collector.reserve(cards: order.count)
    for index in order { collector.add(records[Int(index)]) }
    return collector.finish()
  }

  public var isEmpty: Bool { starts.isEmpty }

  /// Card `card`'s names of field `field` (an index into ``fields``), as a range of ``cardNames``.
  public func range(of field: Int, card: Int) -> Range<Int> {
    guard !isEmpty, field < fields.count else { return 0..<0 }
    let at = card * fields.count + field
    return Int(bounds[at])..<Int(bounds[at + 1])
  }

  /// Card `card`'s names of every declared field (those after the built-in labels and assignees), in field order.
  public func declaredRange(card: Int) -> Range<Int> {
    guard !isEmpty, fields.count > 2 else { return 0..<0 }
    let first = card * fields.count
    return Int(bounds[first + 2])..<Int(bounds[first + fields.count])
  }

  /// Card `card`'s values of the value fields, as a range of ``values``.
  public func valueRange(card: Int) -> Range<Int> {
    guard !isEmpty else { return 0..<0 }
    return Int(valueStarts[card])..<Int(valueStarts[card + 1])
  }

  /// How many fields have a name as ``fieldTitle(_:code:)`` gives it: the name fields, then the value fields.
  public var fieldTitleCount: Int { fieldTitles.count }

  /// The field `field`'s name in locale `code` (a value field's number is past the name fields'): its own there,
  /// else the name it was declared with, else its key.
  public func fieldTitle(_ field: Int, code: String) -> TextRef {
    fieldTitles[field][code] ?? fieldTitles[field][""] ?? .empty
  }

  /// The labels, and the people, sorted: the index page's first two lists.
  public var sortedLabels: [Int32] { sorted.isEmpty ? [] : sorted[Self.labelField] }
  public var sortedPeople: [Int32] { sorted.isEmpty ? [] : sorted[Self.assigneeField] }

  /// Each name's page (``SiteAddresses/name(_:slug:)``): its ``slug(of:long:)``. Names whose eight-digit
  /// slugs are one (two labels crafted for one 32-bit hash) all take sixteen digits, whatever order they came in:
  /// sharing one page showed one name's cards under the other, and the next build failed on a file that existed.
  /// Names equal even then (a crafted 64-bit collision) are numbered `-2`, `-3` in code point order after the first.
  public static func paths(of names: [(folder: String, text: String)]) -> [String] {
    var paths = names.map { SiteAddresses.name(folder: $0.folder, slug: slug(of: $0.text)) }
    var counts: [String: Int] = [:]
    for path in paths { counts[path, default: 0] += 1 }
    for index in paths.indices where counts[paths[index], default: 0] > 1 {
      paths[index] = SiteAddresses.name(folder: names[index].folder, slug: slug(of: names[index].text, long: true))
    }
    var groups: [String: [Int]] = [:]
    for (index, path) in paths.enumerated() { groups[path, default: []].append(index) }
    for group in groups.values where group.count > 1 {
      let ordered = group.sorted {
        names[$0].text.unicodeScalars.lexicographicallyPrecedes(names[$1].text.unicodeScalars)
      }
      for (rank, index) in ordered.enumerated().dropFirst() { paths[index] += "-\(rank + 1)" }
    }
    return paths
  }

  /// A name's file name: its ASCII letters and digits, lowercased, in runs joined by `-` (at most 40 characters),
  /// then `-` and eight (`long`: sixteen) hex digits of a hash of the exact name, so that `Bug`, `bug` and `bug!` get
  /// three pages and a Korean or Japanese name (no ASCII) gets its hash alone. Only `[a-z0-9-]`: never a path
  /// outside the site.
  public static func slug(of name: String, long: Bool = false) -> String {
    var words: [String] = []
    var word = ""
    for scalar in name.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        word.unicodeScalars.append(scalar)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    var readable = String(words.joined(separator: "-").lowercased().prefix(40))
    while readable.hasSuffix("-") { readable.removeLast() }
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    let hash = String(long ? value : value >> 32, radix: 16)
    let padded = String(repeating: "0", count: (long ? 16 : 8) - hash.count) + hash
    return readable.isEmpty ? padded : readable + "-" + padded
  }

  /// The theme's colour nearest a declared option's `#rrggbb` (``FieldOption/color``): the `.hue-N` classes step
  /// round the colour wheel by 30°, red first, so the hue angle picks one (a page may not carry its own style, the
  /// sites' Content-Security-Policy forbids it). Nil for no colour, or a grey, which has no hue.
  public static func hue(ofColor color: String?) -> Int? {
    guard let color, color.utf8.count == 7, color.hasPrefix("#"), let value = Int(color.dropFirst(), radix: 16)
    else { return nil }
    let (red, green, blue) = (Double(value >> 16 & 255), Double(value >> 8 & 255), Double(value & 255))
    let (high, low) = (max(red, green, blue), min(red, green, blue))
    guard high - low >= 8 else { return nil }
    let span = high - low
    var angle =
      high == red
      ? 60 * ((green - blue) / span) : high == green ? 60 * ((blue - red) / span + 2) : 60 * ((red - green) / span + 4)
    if angle < 0 { angle += 360 }
    return Int((angle / 30).rounded()) % hueCount
  }

  /// FNV-1a of the name's bytes, folded onto the theme's colours.
  static func hue(of name: String) -> Int {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return Int(value % UInt64(hueCount))
  }

  /// `#17` for an address that ends in an issue, pull or merge request number (GitHub, GitLab, Gitea, Forgejo);
  /// otherwise the host a browser goes to (``WebAddress/host(of:)``), so that a reader sees where the link goes.
  static func linkText(of url: String) -> String {
    // The last two path parts, found from the end without splitting the whole address (100,000 links a build).
    let bytes = Array(url.utf8)
    var end = bytes.count
    while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
    var slash = end
    while slash > 0, bytes[slash - 1] != UInt8(ascii: "/") { slash -= 1 }
    let digits = bytes[slash..<end]
    if !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ (48...57).contains($0) }), digits.first != 48 {
      var before = slash - 1
      while before > 0, bytes[before - 1] == UInt8(ascii: "/") { before -= 1 }
      var start = before
      while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
      let kind = String(decoding: bytes[start..<before], as: UTF8.self)
      if ["issues", "pull", "pulls", "merge_requests"].contains(kind) {
        return "#" + String(decoding: digits, as: UTF8.self)
      }
    }
    return WebAddress.host(of: url) ?? url
  }

}
