import PMBoardCore
import PMBoardSite
import Testing

/// A label's or person's page path: one page per name, whatever the names' hashes and order.
@Suite("name page paths")
struct CardNamesPathTests {
  /// Crafted so that the top 32 bits of their FNV-1a hashes are one, as are their readable parts.
  let pair = ("bug !!+?+**", "bug !?!*~*+")

  @Test func everyNameInACollisionGetsTheLongSlugInAnyOrder() {
    let names: [(folder: String, text: String)] = [
      ("labels/", pair.0), ("labels/", "ok"), ("people/", pair.0), ("labels/", pair.1),
    ]
    let paths = CardNames.paths(of: names)
    #expect(Set(paths).count == paths.count, "\(paths)")
    #expect(paths[0] == "labels/" + CardNames.slug(of: pair.0, long: true))
    #expect(paths[3] == "labels/" + CardNames.slug(of: pair.1, long: true))
    #expect(paths[1] == "labels/" + CardNames.slug(of: "ok") && paths[2] == "people/" + CardNames.slug(of: pair.0))
    #expect(CardNames.slug(of: pair.0, long: true).count == "bug-".count + 16)
    // The same name gets the same page whichever came first.
    let reversed = CardNames.paths(of: names.reversed())
    #expect(Array(reversed.reversed()) == paths)
  }
}
