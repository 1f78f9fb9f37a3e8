import Foundation
import PMBoardBytes
import PMBoardCore

/// `{locale}/history.atom`: the newest history entries as an Atom 1.0 feed (RFC 4287) in the locale's words.
///
/// An entry's id is a name-based UUID of what the entry is (its locale, task, action and second, and its place
/// among entries identical in those), so it is the same in every build and never changes once published.
struct AtomFeed: Sendable {
  static let size = 50

  var history: BoardSnapshot.History
  var info: BoardInfo
  var links: FeedLinks
  /// The state of each task of the newest entries that is on the published board: their entries link to it.
  var onBoard: [String: TaskState]
  /// Whether the site has task pages (`task-pages`), which entries link; else the card on its column's page.
  var taskPages = true
  /// Without task pages, the columns cut into pages: the column page each task of ``onBoard`` is on, by id.
  var pageFiles: [String: String] = [:]
  /// The feed's `updated` when there is no entry: the board's last change.
  var stampSeconds: Int
  /// The entries the feed shows, newest first (indices into the history's records): the newest ``size``, or for a
  /// label's or person's feed the newest of its tasks' entries.
  var newest: [Int]
  /// Where the feed is in its locale's folder, and its title: `history.atom` and the board's change feed, or a
  /// label's or person's.
  var path = SiteAddresses.changeFeed
  var name: String?
  /// Each entry's place among the earlier entries of its task, action and second (``twinNumbers(of:)``).
  var twins: [Int32]

  /// The feed of the board, or with `newest` of only those entries (a label's or person's: ``newestEntries(of:)``,
  /// with `states`, their tasks' states, found once for every name's feed).
  init(
    snapshot: BoardSnapshot, links: FeedLinks, stampSeconds: Int, newest: [Int]? = nil, twins: [Int32]? = nil,
    states: [String: TaskState]? = nil
  ) {
    history = snapshot.history
    self.twins = twins ?? Self.twinNumbers(of: snapshot.history)
    info = snapshot.info
    self.links = links
    self.stampSeconds = stampSeconds
    let records = snapshot.history.records
    self.newest = newest ?? Array(records.indices.suffix(Self.size).reversed())
    let states = states ?? Self.states(of: [self.newest], in: snapshot)
    onBoard = [:]
    for index in self.newest {
      let id = snapshot.history.text.string(records[index].taskID)
      if let state = states[id] { onBoard[id] = state }
    }
  }

  /// The states of the tasks on the board that entries `lists` (indices into the history) are about. A task's id
  /// becomes a `String` only when its first 8 bytes are those of such an entry's: 100,000 tasks are looked at, a
  /// few match.
  static func states(of lists: [[Int]], in snapshot: BoardSnapshot) -> [String: TaskState] {
    let history = snapshot.history
    let records = history.records
    var ids = Set<String>()
    var prefixes = Set<UInt64>()
    for list in lists {
      for index in list {
        ids.insert(history.text.string(records[index].taskID))
        prefixes.insert(history.text.prefixWords(records[index].taskID).0)
      }
    }
    var states: [String: TaskState] = [:]
    guard !ids.isEmpty else { return states }
    let text = snapshot.tasks.text
    for task in snapshot.tasks.records where prefixes.contains(text.prefixWords(task.id).0) {
      let id = text.string(task.id)
      if ids.contains(id) { states[id] = task.state }
    }
    return states
  }

  func render(code: String, formatter: LocaleFormatter) -> [UInt8] {
    var made: [Int: String] = [:]
    return render(code: code, formatter: formatter, reusing: &made)
  }

  /// The feed, taking each entry from `made` (by index) when an earlier feed of the same locale made it. Only for
  /// feeds whose entries read the same: the label and person feeds, whose `links` are one and whose entries' tasks
  /// are all on the board (a task carries several names, so its entries are in several feeds).
  func render(code: String, formatter: LocaleFormatter, reusing made: inout [Int: String]) -> [UInt8] {
    let records = history.records
    let board = name.map { "\(info.title) · \($0)" } ?? info.title
    let title = formatter.message("feeds.history_title", ["board": board])
    var xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(MarkupText.xml(code))">
      <id>\(NameUUID.urn("\(info.title)\n\(code)/\(path)"))</id>
      <title>\(MarkupText.xml(title))</title>
      <updated>\(Instant.format(seconds: newest.first.map { Int(records[$0].at) } ?? stampSeconds))</updated>
      <author><name>\(MarkupText.xml(info.title))</name></author>
      <link rel="self" type="application/atom+xml" href="\(MarkupText.xml(selfLink(code)))"/>
      <link rel="alternate" type="text/html" href="\(MarkupText.xml(alternateLink(code)))"/>
      <generator>pmboard</generator>

      """
    for index in newest {
      if let known = made[index] {
        xml += known
        continue
      }
      let text = entry(at: index, code: code, formatter: formatter)
      made[index] = text
      xml += text
    }
    xml += "</feed>\n"
    return Array(xml.utf8)
  }

  /// For each name of `names` (``CardNames/names``), the newest ``size`` entries about its tasks, newest first (as
  /// indices into the history's records): one walk down the tables' entries (newest first, each with its task's
  /// id read once as ``EntryRecord/taskKey``) for all of them, which stops once every name has its entries.
  static func newestEntries(
    of names: CardNames, cardKeys: FixedArray<UUIDKey?>, entries: FixedArray<EntryRecord>
  ) -> [[Int]] {
    // By the id's 128 bits: hundreds of thousands of entries are looked up, none made a `String`.
    var cardOf = UUIDTable(capacity: cardKeys.count)
    for card in cardKeys.indices where names.starts[card] < names.starts[card + 1] {
      if let key = cardKeys[card] { cardOf.set(key, Int32(card)) }
    }
    var found = [[Int]](repeating: [], count: names.names.count)
    var open = names.names.count
    let last = entries.count - 1
    for index in entries.indices where open > 0 {
      guard let key = entries[index].taskKey, let card = cardOf[key].map(Int.init) else { continue }
      for name in names.cardNames[Int(names.starts[card])..<Int(names.starts[card + 1])]
      where found[Int(name)].count < size {
        found[Int(name)].append(last - index)
        if found[Int(name)].count == size { open -= 1 }
      }
    }
    return found
  }

  /// The feed itself and the page it goes with, as its links give them.
  private func selfLink(_ code: String) -> String {
    links.baseURL.map { "\($0)\(code)/\(path)" } ?? String(path.split(separator: "/").last ?? "")
  }

  private func alternateLink(_ code: String) -> String {
    guard name != nil else { return links.page(SiteAddresses.history, in: code) }
    let page = SiteAddresses.namePage(String(path.dropLast(SiteAddresses.nameFeed("").count)))
    return links.baseURL.map { "\($0)\(code)/\(page)" } ?? String(page.split(separator: "/").last ?? "")
  }

  private func entry(at index: Int, code: String, formatter: LocaleFormatter) -> String {
    let record = history.records[index]
    let taskID = history.text.string(record.taskID)
    let start = Int(record.fieldsStart)
    let sentence = formatter.sentence(
      action: record.action, title: history.text.string(record.title), from: record.from, to: record.to,
      fields: Array(history.fields[start..<start + Int(record.fieldsCount)]),
      changes: history.text.string(record.changes))
    let when = formatter.timestamp(Date(timeIntervalSince1970: Double(record.at)))
    let link =
      onBoard[taskID].map { state in
        guard !taskPages, let file = pageFiles[taskID] else {
          return links.task(taskID, state: state, taskPages: taskPages, in: code)
        }
        let (before, after) = links.task(SiteAddresses.cardAddress(on: file), in: code)
        return before + taskID + after
      }
      ?? links.page(SiteAddresses.history, in: code)
    var name = "\(code)/history/\(taskID)/\(record.action.rawValue)/\(record.at)"
    let twin = index < twins.count ? Int(twins[index]) : 0
    if twin > 0 { name += "/\(twin)" }
    return """
      <entry>
      <id>\(NameUUID.urn(name))</id>
      <title>\(MarkupText.xml(sentence))</title>
      <updated>\(Instant.format(seconds: Int(record.at)))</updated>
      <link rel="alternate" type="text/html" href="\(MarkupText.xml(link))"/>
      <content type="text">\(MarkupText.xml(sentence + " · " + when))</content>
      </entry>

      """
  }

  /// For every entry, how many earlier entries share its task, action and second (two edits in one second):
  /// entries are appended in time order, so those sit in the run of its second, and later entries never change the
  /// number. One pass, counting by task and action within each run of one second; an entry alone in its second is
  /// 0 without a look at its task. (Walking back from each entry was quadratic in a run: an import stamps a whole
  /// history with one second, and 130,000 such entries made the name feeds of a 100,000-task board take 22 s.)
  static func twinNumbers(of history: BoardSnapshot.History) -> [Int32] {
    let records = history.records
    var twins = [Int32](repeating: 0, count: records.count)
    var start = 0
    while start < records.count {
      var end = start + 1
      while end < records.count, records[end].at == records[start].at { end += 1 }
      if end - start > 1 {
        // By the task's 128 bits and the action, no string made; a task id that is not a UUID (a store edited by
        // hand) by its text.
        var seen: [TwinKey: Int32] = [:]
        seen.reserveCapacity(end - start)
        for index in start..<end {
          let record = records[index]
          let id = history.text.withBytes(record.taskID) { UUIDKey($0) }
          let key =
            id.map { TwinKey(action: record.action.position, id: $0, text: nil) }
            ?? TwinKey(action: record.action.position, id: nil, text: history.text.string(record.taskID))
          twins[index] = seen[key, default: 0]
          seen[key, default: 0] += 1
        }
      }
      start = end
    }
    return twins
  }
}

/// What ``AtomFeed/twinNumbers(of:)`` counts entries of one second by: the action and the task.
private struct TwinKey: Hashable {
  var action: Int
  var id: UUIDKey?
  var text: String?
}
