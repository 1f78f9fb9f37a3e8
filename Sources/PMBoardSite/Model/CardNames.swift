import Foundation
import PMBoardBytes
import PMBoardCore

/// The labels, assignees and links the cards show, by card in board order: each distinct name once, with its
/// colour, and each card's names as indices into them. A board without any (most boards before they existed) has
/// ``none`` and costs one look at each task.
public struct CardNames: Sendable {
  /// One distinct name of one field.
  public struct Name: Sendable {
    public var text: TextRef
    public var field: TaskField
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

  public let bytes: ByteArena
  public let names: [Name]
  /// Card `c`'s labels are `cardNames[starts[c]..<labelEnds[c]]`, its assignees `cardNames[labelEnds[c]..<starts[c + 1]]`.
  public let cardNames: [Int32]
  public let starts: [Int32]
  public let labelEnds: [Int32]
  /// By card: its link (empty for none) and the link's words: `#17` for an issue or pull request address, else
  /// the host.
  public let links: [TextRef]
  public let linkTexts: [TextRef]
  /// The labels and the people, each sorted by name in code point order (indices into ``names``): the index page's
  /// lists.
  public let sortedLabels: [Int32]
  public let sortedPeople: [Int32]

  public static let none = CardNames(
    bytes: ArenaBuilder().finish(), names: [], cardNames: [], starts: [], labelEnds: [], links: [], linkTexts: [])

  private init(
    bytes: ByteArena, names: [Name], cardNames: [Int32], starts: [Int32], labelEnds: [Int32], links: [TextRef],
    linkTexts: [TextRef]
  ) {
    (self.bytes, self.names, self.cardNames, self.starts, self.labelEnds) = (bytes, names, cardNames, starts, labelEnds)
    (self.links, self.linkTexts) = (links, linkTexts)
    let sorted = { (field: TaskField) in
      names.indices.filter { names[$0].field == field }.sorted {
        bytes.string(names[$0].text).unicodeScalars.lexicographicallyPrecedes(
          bytes.string(names[$1].text).unicodeScalars)
      }.map { Int32($0) }
    }
    (sortedLabels, sortedPeople) = (sorted(.labels), sorted(.assignees))
  }

  /// The names of the tasks `order` lists (indices into `tasks.records`, board order).
  init(tasks: BoardSnapshot.Tasks, order: [Int32]) {
    let records = tasks.records
    guard records.contains(where: { $0.labels.count > 0 || $0.assignees.count > 0 || $0.url.count > 0 }) else {
      self = .none
      return
    }
    var arena = ArenaBuilder()
    var names: [Name] = []
    // Names by field and a hash of their bytes, each with its bytes to tell a collision: a card's names are found
    // without a `String` (100,000 cards, a few names each, and a few hundred distinct names).
    var numbers: [UInt64: [Int32]] = [:]
    var nameBytes: [[UInt8]] = []
    var nameTexts: [(field: TaskField, text: String)] = []
    var cardNames: [Int32] = []
    var starts: [Int32] = [0]
    var labelEnds: [Int32] = []
    var links: [TextRef] = []
    var linkTexts: [TextRef] = []
    starts.reserveCapacity(order.count + 1)
    cardNames.reserveCapacity(order.count * 2)
    func lookup(_ name: RawRef, field: TaskField) -> (hash: UInt64, number: Int32?) {
      tasks.text.withBytes(name) { bytes -> (UInt64, Int32?) in
        var hash: UInt64 = field == .labels ? 0xcbf2_9ce4_8422_2325 : 0x8422_2325_cbf2_9ce4
        for index in 0..<bytes.count { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3 }
        let match = numbers[hash]?.first { number in
          let known = nameBytes[Int(number)]
          guard names[Int(number)].field == field, known.count == bytes.count else { return false }
          return (0..<bytes.count).allSatisfy { known[$0] == bytes[$0] }
        }
        return (hash, match)
      }
    }
    for index in order {
      let task = records[Int(index)]
      for field in [TaskField.labels, .assignees] {
        if field == .assignees { labelEnds.append(Int32(cardNames.count)) }
        let text = field == .labels ? task.labels : task.assignees
        guard text.count > 0 else { continue }
        // Stored as a NameSet writes it (sorted, each name once, joined by line breaks): split, not sorted again.
        let parts = tasks.text.withBytes(text) { bytes in
          var parts: [RawRef] = []
          var start = 0
          for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "\n") {
            if end > start { parts.append(RawRef(start: text.start + start, count: UInt32(end - start))) }
            start = end + 1
          }
          return parts
        }
        for part in parts {
          let (hash, known) = lookup(part, field: field)
          if let known {
            cardNames.append(known)
            continue
          }
          let text = tasks.text.string(part)
          let number = Int32(names.count)
          // The path waits for every name: one that collides with a later one changes too.
          names.append(Name(text: arena.text(text), field: field, hue: Self.hue(of: text), path: .empty, cards: []))
          nameBytes.append(Array(text.utf8))
          nameTexts.append((field, text))
          numbers[hash, default: []].append(number)
          cardNames.append(number)
        }
      }
      let card = Int32(starts.count - 1)
      for name in cardNames[Int(starts[starts.count - 1])...] { names[Int(name)].cards.append(card) }
      starts.append(Int32(cardNames.count))
      if task.url.count == 0 {
        links.append(.empty)
        linkTexts.append(.empty)
      } else {
        links.append(arena.text(copying: task.url, from: tasks.text))
        linkTexts.append(arena.text(Self.linkText(of: tasks.text.string(task.url))))
      }
    }
    for (index, path) in Self.paths(of: nameTexts).enumerated() { names[index].path = arena.text(path) }
    self.init(
      bytes: arena.finish(), names: names, cardNames: cardNames, starts: starts, labelEnds: labelEnds, links: links,
      linkTexts: linkTexts)
  }

  public var isEmpty: Bool { starts.isEmpty }

  /// Card `card`'s names of `field` (labels or assignees), as ranges of ``cardNames``.
  public func range(of field: TaskField, card: Int) -> Range<Int> {
    guard !isEmpty else { return 0..<0 }
    return field == .labels
      ? Int(starts[card])..<Int(labelEnds[card]) : Int(labelEnds[card])..<Int(starts[card + 1])
  }

  /// Each name's page (``SiteAddresses/name(_:slug:)``): its ``slug(of:long:)``. Names whose eight-digit
  /// slugs are one (two labels crafted for one 32-bit hash) all take sixteen digits, whatever order they came in:
  /// sharing one page showed one name's cards under the other, and the next build failed on a file that existed.
  /// Names equal even then (a crafted 64-bit collision) are numbered `-2`, `-3` in code point order after the first.
  public static func paths(of names: [(field: TaskField, text: String)]) -> [String] {
    var paths = names.map { SiteAddresses.name($0.field, slug: slug(of: $0.text)) }
    var counts: [String: Int] = [:]
    for path in paths { counts[path, default: 0] += 1 }
    for index in paths.indices where counts[paths[index], default: 0] > 1 {
      paths[index] = SiteAddresses.name(names[index].field, slug: slug(of: names[index].text, long: true))
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
