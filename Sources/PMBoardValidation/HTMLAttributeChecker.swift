import Foundation

/// Finds repeated attributes on one element and repeated `id` values across a template.
///
/// libxml2 reports both, but after the element and without telling blanked-out Mustache apart (`id="{{a}}"` and
/// `id="{{b}}"` both look blank to it), so the validator checks them itself. Two occurrences in exclusive Mustache
/// branches (`{{#x}}…{{/x}}` and `{{^x}}…{{/x}}`) never render together, so they are no duplicates.
public struct HTMLAttributeChecker {
  private let mask: HTMLMustacheMask
  private let original: [UInt8]
  private let positions: HTMLSourcePositions

  public init(mask: HTMLMustacheMask, original: [UInt8], positions: HTMLSourcePositions) {
    self.mask = mask
    self.original = original
    self.positions = positions
  }

  /// Duplicate attributes and ids among the start tags in `tokens`, each reported at the second occurrence.
  public func issues(in tokens: [HTMLToken]) -> [HTMLIssue] {
    var issues: [HTMLIssue] = []
    var firstIDs: [String: Int] = [:]
    for case .startTag(let tag) in tokens {
      var firstAttributes: [String: Int] = [:]
      for attribute in tag.attributes {
        if let first = repeated(attribute.name, at: attribute.offset, in: &firstAttributes) {
          issues.append(
            HTMLIssue(
              offset: attribute.offset,
              code: "html.duplicate-attribute",
              message: "duplicate attribute \(attribute.name) on <\(tag.name)> (\(describe(first)))"))
        }
        if attribute.name == "id", let id = writtenID(attribute),
          let first = repeated(id, at: attribute.offset, in: &firstIDs)
        {
          issues.append(
            HTMLIssue(
              offset: attribute.offset, code: "html.duplicate-id",
              message: "duplicate id \"\(id)\" (\(describe(first)))"))
        }
      }
    }
    return issues
  }

  /// The offset of an earlier occurrence of `key` that can render together with the one at `offset`, if any;
  /// otherwise remembers `offset` as the first occurrence.
  private func repeated(_ key: String, at offset: Int, in firsts: inout [String: Int]) -> Int? {
    guard let first = firsts[key] else {
      firsts[key] = offset
      return nil
    }
    return mask.areExclusive(first, offset) ? nil : first
  }

  /// The id as the author wrote it, or `nil` when it is blank once Mustache is masked (it is only known when
  /// rendered). `t-{{id}}` and `t-{{key}}` differ, though both mask to `t-` and spaces.
  private func writtenID(_ attribute: HTMLAttribute) -> String? {
    guard let range = attribute.value, mask.bytes[range].contains(where: { !HTMLBytes.isSpace($0) }) else {
      return nil
    }
    return String(decoding: original[range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private func describe(_ first: Int) -> String {
    let position = positions.position(of: first)
    return "first at \(position.line):\(position.column)"
  }
}
