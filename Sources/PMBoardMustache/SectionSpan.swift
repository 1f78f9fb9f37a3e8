/// What a top-level section of a recorded page wrote, and which page-level keys it read.
public struct SectionSpan {
  public var op: Int
  public var bytes: Range<Int>
  /// Key numbers read from a page-level frame; -1 for `{{.}}` of one.
  public var pageKeys: Set<Int32>
}
