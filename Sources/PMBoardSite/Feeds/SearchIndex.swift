import PMBoardBytes
import PMBoardCore

/// The search index of one part of the published board, its open tasks (TODO and DOING), its done ones or its
/// removed ones (their tombstones' titles), in the site's `search/` folder, read by `assets/search.js`. One index
/// serves every locale: the tasks' text is the same on each locale's pages. Each file is a script that hands its
/// JSON to `search.js` (``scriptStart(_:)``): `search.js` adds it as a `<script src>`, which a site opened from disk
/// (`file://`) runs where it may not `fetch` its own files, and which `script-src 'self'` allows. Three kinds of
/// file, so that a first search loads little:
///
/// - `search/<part>.js`: what a result shows and what matches besides bodies: titles, the column, the due day
///   (days from `dueBase`), and the labels and people of each task (`tags`: indices into `names`; `people` says
///   which are people), in board order; and where a result leads (`href`, ``hrefJSON``).
/// - `search/<part>-text.js`: the bodies, cut into sentences and lines (``segments(of:in:into:)``), each distinct one
///   stored once (`segments`), folded as the script folds a query (``SearchFold``), and each task's as the sorted indices of its own (`body`): boards repeat sentences
///   (issue templates, "Steps to reproduce"), and a sentence that ten tasks share costs its bytes once.
/// - `search/<part>-ids-<b>.js`: the ids whose first hex digits are `b` (``SearchIDFiles``), fetched only when a
///   result is opened: 10,000 random ids are 112 kB that no compression shrinks, more than the rest together.
///
/// Titles and names are stored as the board holds them, since a result shows them; `search.js` folds them and the
/// query with ``SearchFold``'s rule, which `Tests/Scripts/fixtures/search/fold-vectors.json` holds both sides to.
struct SearchIndex: Sendable {
  enum Part: String, Sendable, CaseIterable {
    /// TODO and DOING; DONE; and the removed tasks whose pages stay as tombstones (title only).
    case open, done, removed
  }

  let part: Part
  let tables: BoardTables
  let today: CalendarDate
  var addresses = SiteAddresses()
  /// Whether the site has task pages (`task-pages`), where results lead.
  var taskPages = true
  /// Without task pages, the columns cut into pages: a result leads to its card on its own page (``pagesJSON``).
  var pagedLinks: ColumnPages?
  /// The removed part's tasks (``TaskPageTables/tombstones``).
  var tombstones: [TaskPageTables.Tombstone] = []

  /// The part's cards (indices into the tables' cards, board order); none for the removed part.
  var cards: Range<Int> {
    let starts = tables.columnStarts
    switch part {
    case .open: return starts[TaskState.todo.order]..<starts[TaskState.doing.order + 1]
    case .done: return starts[TaskState.done.order]..<starts[TaskState.done.order + 1]
    case .removed: return 0..<0
    }
  }

  /// How many tasks the part holds.
  var count: Int { part == .removed ? tombstones.count : cards.count }

  /// The part's tasks file, the first of ``paths(_:)``.
  var tasksPath: String { addresses.atRoot(SiteAddresses.search(part.rawValue + ".js")) }

  /// Every file of the part: the tasks' file, the text file, then the id files of `ids`.
  func paths(_ ids: SearchIDFiles) -> [String] {
    let names = ["\(part.rawValue)-text"] + ids.files.map { idFileName($0.bucket, digits: ids.digits) }
    return [tasksPath] + names.map { addresses.atRoot(SiteAddresses.search($0 + ".js")) }
  }

  /// What the index's file `name` (`open-text`, `en`) starts with: its JSON is handed to `search.js` as
  /// `PMBoardSearch[name]`, and ``scriptEnd`` follows it.
  static func scriptStart(_ name: String) -> String { "PMBoardSearch[\"\(name)\"]=" }
  static let scriptEnd = ";\n"

  /// The letter of `state` in the index's `state` string (nil: a removed task).
  static func letter(_ state: TaskState?) -> String {
    switch state {
    case .todo: "t"
    case .doing: "d"
    case .done: "x"
    case nil: "r"
    }
  }

  /// The columns of the part's tasks (nil: removed).
  var states: [TaskState?] {
    switch part {
    case .open: [.todo, .doing]
    case .done: [.done]
    case .removed: [nil]
    }
  }

  /// `"href"`, by the letter of each state the part holds: what comes before and after a task's id in the address
  /// of its result from the locale's folder (``SiteAddresses/taskLink(_:taskPages:)``), so that `search.js` spells
  /// no address of its own: `{"t":["tasks/",".html"],"d":["tasks/",".html"]}`.
  var hrefJSON: String {
    var out = Array("\"href\":{".utf8)
    for (index, state) in states.enumerated() {
      let around = SiteAddresses.taskLink(state, taskPages: taskPages)
      out += Array((index == 0 ? "\"" : ",\"").utf8) + Array(Self.letter(state).utf8) + Array("\":[".utf8)
      MarkupText.json(around.before, into: &out)
      out.append(UInt8(ascii: ","))
      MarkupText.json(around.after, into: &out)
      out.append(UInt8(ascii: "]"))
    }
    return String(decoding: out + Array("}".utf8), as: UTF8.self)
  }

  /// With ``pagedLinks``: `"pages"`, by the letter of each state the part holds, the text around a task's id on each
  /// of its column's pages (``ColumnPages/cardLinks``), and `"page"`, each task's page among them, which
  /// `search.js` reads in place of `"href"`; empty otherwise.
  var pagesJSON: String {
    guard let paged = pagedLinks, part != .removed else { return "" }
    var out = Array(",\"pages\":{".utf8)
    for (index, state) in states.compactMap({ $0 }).enumerated() {
      out += Array((index == 0 ? "\"" : ",\"").utf8) + Array(Self.letter(state).utf8) + Array("\":[".utf8)
      for (page, around) in paged.cardLinks[state.order].enumerated() {
        out += Array((page == 0 ? "[" : ",[").utf8)
        MarkupText.json(around.before, into: &out)
        out.append(UInt8(ascii: ","))
        MarkupText.json(around.after, into: &out)
        out.append(UInt8(ascii: "]"))
      }
      out.append(UInt8(ascii: "]"))
    }
    out += Array("},\"page\":[".utf8)
    out += Array(cards.map { String(paged.page(ofCard: $0)) }.joined(separator: ",").utf8)
    return String(decoding: out + Array("]".utf8), as: UTF8.self)
  }

  /// Writes the files of ``paths(_:)`` whose indices are in `files`.
  func write(_ files: Set<Int>, ids: SearchIDFiles, to writer: SiteWriter) throws(SiteWriteError) {
    let paths = paths(ids)
    if part == .removed {
      try writeRemoved(files, ids: ids, to: writer)
    } else {
      if files.contains(0) { try writer.write(paths[0]) { emit in tasksJSON(ids: ids, emit: emit) } }
      if files.contains(1) { try writer.write(paths[1]) { emit in textJSON(emit: emit) } }
    }
    for (file, path) in paths.dropFirst(2).enumerated() where files.contains(file + 2) {
      var out = idsScript(ids.files[file], digits: ids.digits)
      try writer.write(path) { emit in out.flush(keeping: 0, to: emit) }
    }
  }

  /// The removed part's tasks and text files: titles only (a tombstone keeps no body, due day or names), each
  /// linking its page.
  private func writeRemoved(_ files: Set<Int>, ids: SearchIDFiles, to writer: SiteWriter) throws(SiteWriteError) {
    let paths = paths(ids)
    func list(_ items: some Sequence<String>) -> String {
      items.map { text in
        var quoted: [UInt8] = []
        MarkupText.json(text, into: &quoted)
        return String(decoding: quoted, as: UTF8.self)
      }.joined(separator: ",")
    }
    let count = tombstones.count
    func script(_ name: String, _ json: String) -> [UInt8] {
      Array((Self.scriptStart(name) + json + Self.scriptEnd).utf8)
    }
    if files.contains(0) {
      var out = ByteWriter(capacity: count * 64 + 256)
      out.append(Self.scriptStart("removed") + "{\"version\":2,\"part\":\"removed\",\"count\":\(count)")
      Self.bucketJSON(ids, into: &out)
      out.append(
        ",\"dueBase\":\"\(today)\",\(hrefJSON),\"names\":[],\"people\":[],"
          + "\"state\":\"\(String(repeating: Self.letter(nil), count: count))\","
          + "\"due\":[\(Array(repeating: "null", count: count).joined(separator: ","))],"
          + "\"tags\":[\(Array(repeating: "[]", count: count).joined(separator: ","))],"
          + "\"title\":[\(list(tombstones.map(\.title)))]}" + Self.scriptEnd)
      try writer.write(paths[0]) { emit in out.flush(keeping: 0, to: emit) }
    }
    if files.contains(1) {
      let text =
        "{\"version\":2,\"segments\":[],\"body\":[\(Array(repeating: "[]", count: count).joined(separator: ","))]}"
      try writer.write(paths[1], script("removed-text", text))
    }
  }

  /// `search/<part>.js`.
  func tasksJSON(ids: SearchIDFiles, emit: (Span<UInt8>) -> Void) {
    let cards = FixedTable(tables.cards)
    let names = tables.cardNames
    let nameText = ArenaBytes(names.bytes)
    let text = ArenaBytes(tables.cardBytes)
    var out = ByteWriter(capacity: SiteRenderer.outputChunk + 8192)
    out.append(Self.scriptStart(part.rawValue))
    out.appendStatic("{\"version\":2,\"part\":\"")
    out.append(part.rawValue)
    out.appendStatic("\",\"count\":")
    out.appendDecimal(self.cards.count)
    Self.bucketJSON(ids, into: &out)
    out.appendStatic(",\"dueBase\":\"")
    out.append(today.description)
    out.appendStatic("\",")
    out.append(hrefJSON)
    out.append(pagesJSON)
    out.appendStatic(",\"names\":[")
    for (index, name) in names.names.enumerated() {
      out.appendStatic(index == 0 ? "\"" : ",\"")
      out.appendJSONEscaped(name.text.raw, from: nameText)
      out.appendStatic("\"")
    }
    out.appendStatic("],\"people\":[")
    var firstPerson = true
    for (index, name) in names.names.enumerated() where names.fields[name.field].isPeople {
      if !firstPerson { out.appendByte(UInt8(ascii: ",")) }
      out.appendDecimal(index)
      firstPerson = false
    }
    out.appendStatic("],\"state\":\"")
    for card in self.cards {
      switch cards[card].state {
      case .todo: out.appendByte(UInt8(ascii: "t"))
      case .doing: out.appendByte(UInt8(ascii: "d"))
      case .done: out.appendByte(UInt8(ascii: "x"))
      }
    }
    out.appendStatic("\",\"due\":[")
    let base = today.daysSinceEpoch
    for card in self.cards {
      if card != self.cards.lowerBound { out.appendByte(UInt8(ascii: ",")) }
      let due = Int(cards[card].dueIndex)
      if due < 0 { out.appendStatic("null") } else { out.appendDecimal(tables.dueDates[due].daysSinceEpoch - base) }
    }
    out.appendStatic("],\"tags\":[")
    for card in self.cards {
      out.appendStatic(card == self.cards.lowerBound ? "[" : ",[")
      if !names.isEmpty {
        for position in Int(names.starts[card])..<Int(names.starts[card + 1]) {
          if position != Int(names.starts[card]) { out.appendByte(UInt8(ascii: ",")) }
          out.appendDecimal(Int(names.cardNames[position]))
        }
      }
      out.appendByte(UInt8(ascii: "]"))
      if out.pending > SiteRenderer.outputChunk { out.flush(keeping: 0, to: emit) }
    }
    out.appendStatic("],\"title\":[")
    for card in self.cards {
      out.appendStatic(card == self.cards.lowerBound ? "\"" : ",\"")
      out.appendJSONEscaped(cards[card].title.raw, from: text)
      out.appendStatic("\"")
      if out.pending > SiteRenderer.outputChunk { out.flush(keeping: 0, to: emit) }
    }
    out.appendStatic("]}")
    out.append(Self.scriptEnd)
    out.flush(keeping: 0, to: emit)
  }

  /// `search/<part>-text.js`: the sentences folded (``SearchFold``), so that the script folds only titles, names
  /// and the query.
  func textJSON(emit: (Span<UInt8>) -> Void) {
    let arena = tables.cardBytes
    let text = ArenaBytes(arena)
    // Sentence → its number, by a fingerprint of its bytes (in a seeded table: a dictionary's SipHash of each of
    // a million pieces cost more than the fingerprint); a key already taken by another sentence (a 2^-64 chance)
    // probes on (`key &+ step`), so equal sentences always meet and unequal ones never merge.
    var known = UUIDTable(capacity: 4096)
    var segments: [RawRef] = []
    var bodies = ByteWriter(capacity: cards.count * 16 + 64)
    var pieces: [RawRef] = []
    var own: [Int32] = []
    // By sentence: the last card that named it, so that a card's list takes each sentence once without sorting
    // the repeats (a body repeats its sentences: 18 pieces a card on gen_board, 4.6 distinct).
    var lastCard: [Int32] = []
    for card in cards {
      own.removeAll(keepingCapacity: true)
      let cardMark = Int32(truncatingIfNeeded: card)
      Self.segments(of: tables.cards[card].body.raw, in: arena, into: &pieces)
      for segment in pieces {
        var print = Fingerprint()
        print.add(segment, of: arena)
        var key = UUIDKey(high: print.value, low: 0)
        while true {
          guard let number = known[key] else {
            known.set(key, Int32(segments.count))
            own.append(Int32(segments.count))
            segments.append(segment)
            lastCard.append(cardMark)
            break
          }
          if arena.compare(segments[Int(number)], segment) == 0 {
            if lastCard[Int(number)] != cardMark {
              lastCard[Int(number)] = cardMark
              own.append(number)
            }
            break
          }
          key.high &+= 0x9E37_79B9_7F4A_7C15
        }
      }
      own.sort()
      bodies.appendStatic(card == cards.lowerBound ? "[" : ",[")
      for (position, number) in own.enumerated() {
        if position > 0 { bodies.appendByte(UInt8(ascii: ",")) }
        bodies.appendDecimal(Int(number))
      }
      bodies.appendByte(UInt8(ascii: "]"))
    }
    var out = ByteWriter(capacity: SiteRenderer.outputChunk + 8192)
    out.append(Self.scriptStart("\(part.rawValue)-text"))
    out.appendStatic("{\"version\":2,\"segments\":[")
    for (index, segment) in segments.enumerated() {
      out.appendStatic(index == 0 ? "\"" : ",\"")
      SearchFold.appendFolded(segment, in: arena, text: text, to: &out)
      out.appendStatic("\"")
      if out.pending > SiteRenderer.outputChunk { out.flush(keeping: 0, to: emit) }
    }
    out.appendStatic("],\"body\":[")
    out.flush(keeping: 0, to: emit)
    bodies.appendStatic("]}")
    bodies.append(Self.scriptEnd)
    bodies.flush(keeping: 0, to: emit)
  }

  /// The sentences and lines of `body`, without the spaces around them: a piece ends at a line break, and after
  /// `.`, `!` or `?` before a space or the end, or after `。`, `！` or `？`. A search matches inside one piece, so a
  /// query never runs from the end of one sentence into the next.
  static func segments(of body: RawRef, in arena: ByteArena, into pieces: inout [RawRef]) {
    pieces.removeAll(keepingCapacity: true)
    let stops = Self.stopBytes
    arena.withBytes(body) { bytes in
      let count = bytes.count
      func add(_ low: Int, _ high: Int) {
        var (low, high) = (low, high)
        while low < high, isSpace(bytes[low]) { low += 1 }
        while high > low, isSpace(bytes[high - 1]) { high -= 1 }
        if high > low { pieces.append(RawRef(start: body.start + low, count: UInt32(high - low))) }
      }
      var (start, index) = (0, 0)
      while index < count {
        let byte = bytes[index]
        // Most bytes end nothing: one look in the table passes them.
        guard stops[Int(byte)] else {
          index += 1
          continue
        }
        var end = -1
        if byte < 0x40 {
          // A line break ends a piece before it; `.`, `!` and `?` end one after them, before a space.
          if byte == 0x0A {
            add(start, index)
            (start, index) = (index + 1, index + 1)
            continue
          }
          if byte == 0x2E || byte == 0x21 || byte == 0x3F, index + 1 == count || isSpace(bytes[index + 1]) {
            end = index + 1
          }
        } else if index >= 2, isFullStop(bytes[index - 2], bytes[index - 1], byte) {
          // Found by its last byte: a full stop's lead byte E3 leads every kana too (a third of a Japanese text's
          // bytes); its last bytes 82, 81 and 9F are together about one continuation byte in twenty.
          end = index + 1
        }
        if end < 0 {
          index += 1
        } else {
          add(start, end)
          (start, index) = (end, end)
        }
      }
      add(start, count)
    }
  }

  /// By byte: whether it can end a piece (a line break, `.`, `!`, `?`, or the last byte of `。`, `！`, `？`).
  private static let stopBytes: [Bool] = (0...255).map { [0x0A, 0x2E, 0x21, 0x3F, 0x82, 0x81, 0x9F].contains($0) }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// `。` (E3 80 82), `！` (EF BC 81) or `？` (EF BC 9F).
  private static func isFullStop(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
    (a == 0xE3 && b == 0x80 && c == 0x82) || (a == 0xEF && b == 0xBC && (c == 0x81 || c == 0x9F))
  }
}
