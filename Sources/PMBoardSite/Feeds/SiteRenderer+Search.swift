import PMBoardBytes
import PMBoardCore

extension SiteRenderer {
  /// The script that runs the search field, written only for a site whose pages show it.
  public static let searchScript = "search.js"

  /// The search index's jobs (``SearchIndex``): one a part (open tasks, and done ones when DONE is published), each
  /// writing its files, or keeping the last build's when the part's cards, their names and the day are the same.
  func searchJobs() -> [Job] {
    guard publish.search else { return [] }
    let parts = SearchIndex.Part.allCases.filter { part in
      switch part {
      case .open: true
      case .done: publish.states.contains(.done)
      case .removed: !taskPages.tombstones.isEmpty
      }
    }
    // The field's words, a file a locale: each page then carries only the field itself (a task page's header
    // grew by a third when every page carried them all).
    let words = locales.compactMap { code in
      theme.catalogs[code].map { (code, Self.searchWords($0, parts: parts)) }
    }
    let addresses = addresses
    let wordsJob = Job(path: addresses.atRoot(SiteAddresses.search("words")), weight: 1) { writer in
      for (code, text) in words { try writer.write(addresses.atRoot(SiteAddresses.search("\(code).js")), text) }
    }
    return [wordsJob]
      + parts.map { part in
        let index = SearchIndex(
          part: part, tables: tables, today: moment.today, addresses: addresses, taskPages: writesTaskPages,
          pagedLinks: pagedCardLinks(), tombstones: part == .removed ? taskPages.tombstones : [])
        let renderer = self
        return Job(path: index.tasksPath, weight: index.count * 2) { writer in
          let ids = index.idFiles()
          let paths = index.paths(ids)
          var missing = Set(paths.indices)
          if let site = renderer.keptPageFingerprint {
            let print = renderer.searchFingerprint(of: index, site: site)
            // A file the last build left as it is now is kept; the others are written (a hand may have removed one).
            // The tasks and text files change with any task of the part, an id file only with its own ids.
            let prints = [print, print] + ids.files.map { index.idsFingerprint($0, digits: ids.digits, site: site) }
            let reused = writer.reuse(paths, fingerprints: prints)
            missing = Set(paths.indices.filter { !reused[$0] })
            for (path, print) in zip(paths, prints) { writer.keep(fingerprint: print, for: path) }
          }
          try index.write(missing, ids: ids, to: writer)
        }
      }
  }

  /// `search/<code>.js`: what `search.js` says in the locale of `catalog` (a script, as the index's files are).
  static func searchWords(_ catalog: LocaleCatalog, parts: [SearchIndex.Part]) -> [UInt8] {
    let words = [
      ("todo", "state.todo"), ("doing", "state.doing"), ("done", "state.done"), ("due", "board.due"),
      ("results", "search.results"), ("more", "search.more"), ("none", "search.none"),
      ("loading", "search.loading"), ("failed", "search.failed"), ("withDone", "search.done"),
      ("removed", "search.removed"), ("withRemoved", "search.with_removed"),
    ]
    var out = Array(SearchIndex.scriptStart(catalog.code).utf8)
    for (index, (name, key)) in words.enumerated() {
      out += Array((index == 0 ? "{\"\(name)\":" : ",\"\(name)\":").utf8)
      MarkupText.json(catalog.string(key), into: &out)
    }
    // The search page, from the locale's folder, which Enter opens with the query.
    out += Array(",\"searchPage\":".utf8)
    MarkupText.json(SiteAddresses.searchPage, into: &out)
    // Which parts the index has: the script offers a box for each besides the open tasks.
    let names = parts.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
    return out + Array(",\"parts\":[\(names)]}\(SearchIndex.scriptEnd)".utf8)
  }

  /// What a part's files are made of: its cards as they show (``BoardTables/cardPrints``: id, text, due day,
  /// labels, people), the names' list the cards point into, and the day the due days count from.
  private func searchFingerprint(of index: SearchIndex, site: Fingerprint) -> UInt64 {
    var print = site
    print.add("search \(index.part.rawValue) \(moment.today)")
    for tombstone in index.tombstones {
      print.add(tombstone.id)
      print.add(tombstone.title)
    }
    for card in index.cards { print.add(word: linkedCardPrint(card)) }
    print.add(index.cards.count)
    let names = tables.cardNames
    for name in names.names {
      print.add(name.text.raw, of: names.bytes)
      print.add(name.field)
    }
    return print.value
  }
}
