import Foundation
import PMBoardCore

/// Text from a source made to fit pmboard's rules: line breaks as `\n`, titles and bodies cut to the limits with a
/// visible mark. Anything else the rules refuse (a control character) is refused, with the place it is at.
enum ImportText {
  /// What ends a body that was cut, so a reader of the board knows there is more in the source.
  static let cutNote = "\n\n[… cut: the source's text is longer than pmboard keeps]"

  static func title(_ raw: String, path: @autoclosure () -> String) throws(ImportFailure) -> String {
    var text = lineBreaks(raw)
    // The rules' check trims, and trimming goes through NSString: only a title that may be cut is trimmed here.
    if text.utf8.count > TaskRules.titleLimit {
      text = cut(
        TaskRules.nfc(text.trimmingCharacters(in: .whitespacesAndNewlines)), mark: "…",
        characters: TaskRules.titleLimit, bytes: TaskRules.titleByteLimit)
    }
    switch TaskRules.checkTitle(text) {
    case .success(let title): return title
    case .failure(let violation): throw ImportFailure("\(path()): \(violation)")
    }
  }

  /// A text field's value: one line (line breaks made spaces), cut to ``FieldRules/textLimit`` characters with `…`.
  static func fieldText(_ raw: String, path: @autoclosure () -> String) throws(ImportFailure) -> String {
    var text = raw
    if text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
      text = lineBreaks(text).split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
    }
    do {
      return try title(text, path: path())
    } catch {
      throw ImportFailure(error.description.replacingOccurrences(of: "the title", with: "the value"))
    }
  }

  static func body(_ raw: String, path: @autoclosure () -> String) throws(ImportFailure) -> String {
    var text = lineBreaks(raw)
    // Most bodies fit in fewer bytes than the limit has characters: the rules' own check normalizes them, once.
    if text.utf8.count > TaskRules.bodyLimit {
      text = cut(TaskRules.nfc(text), mark: cutNote, characters: TaskRules.bodyLimit, bytes: TaskRules.bodyByteLimit)
    }
    switch TaskRules.checkBody(text) {
    case .success(let body): return body
    case .failure(let violation): throw ImportFailure("\(path()): \(violation)")
    }
  }

  /// Names from a source as a set, each checked by the rules (trimmed, NFC) at `path`; more than a task holds is
  /// refused with the count, since which to drop would be a guess.
  static func names(
    _ raw: [String], as kind: TaskRules.NameKind, path: @autoclosure () -> String
  ) throws(ImportFailure) -> NameSet {
    switch TaskRules.checkNames(raw, as: kind) {
    case .success(let names): return names
    case .failure(let violation): throw ImportFailure("\(path()): \(violation)")
    }
  }

  /// A task's page from a source, checked by the rules at `path`.
  static func url(_ raw: String, path: @autoclosure () -> String) throws(ImportFailure) -> String {
    switch TaskRules.checkURL(raw) {
    case .success(let url): return url
    case .failure(let violation): throw ImportFailure("\(path()): \(violation)")
    }
  }

  /// `\r\n` and a lone `\r` as `\n`: GitHub and spreadsheets write Windows line ends, which the rules refuse.
  /// A walk over the bytes: Foundation's `replacingOccurrences` took a third of re-importing 10,000 issues.
  static func lineBreaks(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var afterReturn = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") && afterReturn {
        afterReturn = false
        continue
      }
      afterReturn = byte == UInt8(ascii: "\r")
      bytes.append(afterReturn ? UInt8(ascii: "\n") : byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` itself when it fits, else as many whole characters as fit with `mark` after them.
  static func cut(_ text: String, mark: String, characters: Int, bytes: Int) -> String {
    guard text.count > characters || text.utf8.count > bytes else { return text }
    let roomCharacters = characters - mark.count
    let roomBytes = bytes - mark.utf8.count
    var end = text.startIndex
    var count = 0
    while end < text.endIndex, count < roomCharacters {
      let next = text.index(after: end)
      if text.utf8.distance(from: text.startIndex, to: next) > roomBytes { break }
      end = next
      count += 1
    }
    // Trailing space before the mark trimmed in Swift: NSString's trimming was a tenth of a 10,000-issue import.
    var kept = text[..<end]
    while let last = kept.last, last.isWhitespace { kept.removeLast() }
    return kept + mark
  }
}
