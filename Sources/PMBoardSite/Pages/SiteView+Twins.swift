import PMBoardBytes
import PMBoardMustache

/// Twin pages (the root index and the default locale's board): which of a page's values are the same on its twin,
/// so the renderer copies those sections' bytes instead of rendering them again.
extension SiteView {
  public func isPageLevel(_ value: SiteValue) -> Bool {
    if case .page = value { true } else { false }
  }

  public func samePageValue(_ key: Int32, as other: SiteView) -> Bool {
    guard key >= 0, board === other.board, locale === other.locale else { return key < 0 }
    switch (lookup(Int(key), in: .page), other.lookup(Int(key), in: .page)) {
    case (nil, nil): return true
    case (.pageText(let mine)?, .pageText(let theirs)?):
      return ByteArena.same(mine, in: pageBytes.arena, theirs, in: other.pageBytes.arena)
    case (.bool(let mine)?, .bool(let theirs)?): return mine == theirs
    case (.number(let mine)?, .number(let theirs)?): return mine == theirs
    // The locale's catalog and the board's columns: the same tables on both pages. The columns' and their cards'
    // links (`columnHref`, `href`) start with the page's way to its locale's folder, which the twins need not share.
    case (.catalog(let mine)?, .catalog(let theirs)?): return mine == theirs
    case (.columnList?, .columnList?):
      return page.isBoard && other.page.isBoard
        && ByteArena.same(page.localeDir, in: pageBytes.arena, other.page.localeDir, in: other.pageBytes.arena)
    default: return false
    }
  }
}
