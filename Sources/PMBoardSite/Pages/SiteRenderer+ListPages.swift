import PMBoardCore

extension SiteRenderer {
  /// The page info of page `page` of a list cut into pages as a long column is (the overdue and due-soon lists,
  /// ``ColumnPages``): `files` are the list's pages, `items` each page's share of the list, `titleKey` the catalog's
  /// word for the list and `count` the heading's count, which a later page sets to its own cards.
  ///
  /// The first page is "as of" the build's day (which cards are listed changes with the day, not the hour); a later
  /// one is an archive with no board-wide words, so that a change elsewhere on the board does not rewrite it.
  func listPageInfo(
    _ kind: PageInfo.Kind, titleKey: String, page: Int, files: [String], items: [Range<Int>],
    count: WritableKeyPath<PageInfo, Int>, code: String, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    var title = "\(snapshot.info.title) · \(catalog.string(titleKey))"
    if files.count > 1 { title += " · " + formatter.message("pages.page", ["number": String(page + 1)]) }
    var info = self.page(
      kind, code: code, formatter: formatter, overdueCount: overdueCount, path: files[page], place: .locale,
      title: title)
    if files.count > 1 {
      info.pager(page: page, files: files, state: nil, formatter: formatter)
      info.listItems = items[page]
    }
    guard page > 0 else {
      (info.asOf, info.asOfISO) = asOfToday(formatter)
      return withoutBoardWideWords(info)
    }
    info.isLaterPage = true
    info = withNothingOfTheWholeBoard(info)
    info[keyPath: count] = items[page].count
    return info
  }
}
