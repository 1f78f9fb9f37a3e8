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

  /// A declared colour picks the theme's hue nearest it round the wheel (30° a hue, red first); greys and bad
  /// colours pick none, so the name's hash does.
  @Test func aDeclaredColourPicksTheNearestHue() {
    #expect(CardNames.hue(ofColor: "#ff0000") == 0)
    #expect(CardNames.hue(ofColor: "#d73a4a") == 0, "GitHub's bug red, 354°")
    #expect(CardNames.hue(ofColor: "#00ff00") == 4)
    #expect(CardNames.hue(ofColor: "#0000ff") == 8)
    #expect(CardNames.hue(ofColor: "#ff8000") == 1)
    #expect(CardNames.hue(ofColor: "#808080") == nil && CardNames.hue(ofColor: "#12345") == nil)
    #expect(CardNames.hue(ofColor: nil) == nil && CardNames.hue(ofColor: "red") == nil)
  }
}
