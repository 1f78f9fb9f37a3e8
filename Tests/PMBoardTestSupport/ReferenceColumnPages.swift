import Foundation
import PMBoardCore
import PMBoardSite

/// The reference model's column pages: each column's cards in reading order (``ColumnContext/shownCards``) cut
/// with ``PageCuts`` the plain way, by each id's UUID bits read with Foundation, DONE from its oldest card; and the
/// file each card's page is, which a site without task pages links it to.
package struct ReferenceColumnPages {
  /// By `TaskState.order`: the pages in reading order, as ranges of positions in the column's reading order.
  package var pages: [[Range<Int>]] = []
  /// Each card's page file, by id.
  package var files: [String: String] = [:]

  package init(columns: [ColumnContext], size: Int) {
    let cuts = PageCuts(size: size)
    for column in columns {
      let order = column.shownCards.map(\.card.id)
      let count = order.count
      let pages: [Range<Int>]
      if column.state == .done {
        let oldestFirst = cuts.pages(count: count) { Self.mark(order[count - 1 - $0]) }
        pages = oldestFirst.reversed().map { (count - $0.upperBound)..<(count - $0.lowerBound) }
      } else {
        pages = cuts.pages(count: count) { Self.mark(order[$0]) }
      }
      self.pages.append(pages)
      for (page, range) in pages.enumerated() {
        let file =
          page == 0
          ? SiteAddresses.column(column.state)
          : SiteAddresses.columnPage(column.state, number: column.state == .done ? pages.count - page : page + 1)
        for position in range { files[order[position]] = file }
      }
    }
  }

  /// A card's mark: the high and low halves of its UUID, or its text's for an id that is not one.
  package static func mark(_ id: String) -> UInt64 {
    guard let uuid = UUID(uuidString: id) else { return PageCuts.mark(text: id) }
    let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
    let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return PageCuts.mark(high ^ low)
  }
}
