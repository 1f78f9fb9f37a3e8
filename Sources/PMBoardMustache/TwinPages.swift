/// Two pages rendered from one template that differ only in page-level values (the default locale's board and
/// the root index): the first records its sections, the second copies those whose page keys read the same.
public enum TwinPages {
  case none
  case record
  /// Copy these sections' bytes (ranges in the first page's output) with the closure instead of rendering them.
  case reuse([Int: Range<Int>], copy: (Range<Int>) -> Void)
}
