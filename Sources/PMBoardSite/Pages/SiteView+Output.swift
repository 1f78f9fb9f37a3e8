import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// Writing values: text from the arenas, escaped or raw, and history timestamps and sentences composed in place.
extension SiteView {
  public func write(_ value: SiteValue, escaped: Bool, into output: inout ByteWriter) {
    switch value {
    case .cardText(let text): output.append(text, escaped: escaped, from: cardBytes)
    case .cardHTML(let html):
      compose(escaped: escaped, into: &output) { $0.append(html, escaped: false, from: cardBytes) }
    case .localeText(let text): output.append(text, escaped: escaped, from: localeBytes)
    case .pageText(let text): output.append(text, escaped: escaped, from: pageBytes)
    case .pageHTML(let html): output.append(html, escaped: escaped, from: pageBytes)
    case .nameText(let text): output.append(text, escaped: escaped, from: nameBytes)
    case .cardHref, .nameHref, .entryHref: writeHref(value, escaped: escaped, into: &output)
    case .bool(let flag): output.appendStatic(flag ? "true" : "false")
    case .number(let number): output.appendDecimal(number)
    case .entryAt(let index):
      // Digits, `-`, `:`, `T` and `Z` only: nothing to escape.
      writeInstant(entries[Int(index)], into: &output)
    case .entryTime(let index):
      compose(escaped: escaped && !timestampIsPlain, into: &output) {
        writeTimestamp(entries[Int(index)], into: &$0)
      }
    case .historyText(let text):
      compose(escaped: escaped, into: &output) { $0.append(text, from: historyBytes) }
    case .entrySentence(let index):
      let entry = entries[Int(index)]
      compose(escaped: escaped && !(sentenceIsPlain && entry.titleIsPlain), into: &output) {
        writeSentence(entry, into: &$0)
      }
    default:
      writeDayValue(value, escaped: escaped, into: &output)
    }
  }

  /// Writes composed text, then escapes it as a whole (exactly like escaping the `String` it spells).
  func compose(escaped: Bool, into output: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
    let start = output.count
    body(&output)
    guard escaped, output.tailNeedsEscaping(from: start) else { return }
    output.escapeTail(from: start)
  }

  /// `Instant.format` of the entry's `at`, straight into the output: the date formatted once per build, the
  /// time of day here.
  private func writeInstant(_ entry: EntryRecord, into output: inout ByteWriter) {
    guard entry.utcDayIndex >= 0 else {
      output.append(Instant.format(seconds: entry.utcSeconds))
      return
    }
    let day = Int(entry.utcDayIndex) * 10
    output.append(isoDays, start: day, count: 10)
    output.appendTimeOfDay(Instant.day(ofSecond: entry.utcSeconds).secondOfDay)
  }

  /// As the tests' `LocaleView.timestamp(localSeconds:)`: the `format.timestamp` message with the day's long date.
  private func writeTimestamp(_ entry: EntryRecord, into output: inout ByteWriter) {
    let secondOfDay = Instant.day(ofSecond: entry.localSeconds).secondOfDay
    let start = output.count
    parts.forEach(in: messages[HistoryAction.allCases.count]) { part in
      switch part {
      case .literal(let text): output.append(text, from: localeBytes)
      case .particle(let particle):
        output.appendStatic(particle.after(output, from: start))
      case .slot(.date): output.append(dayTexts[Int(entry.dayIndex)], from: localeBytes)
      case .slot(.hour): output.appendTwoDigits(secondOfDay / 3600)
      case .slot(.minute): output.appendTwoDigits(secondOfDay / 60 % 60)
      case .slot: break
      }
    }
  }

  /// `LocaleFormatter.sentence(_:)`; answers where the (first) title went in the output.
  @discardableResult
  func writeSentence(_ entry: EntryRecord, into output: inout ByteWriter) -> Range<Int>? {
    let start = output.count
    var title: Range<Int>?
    parts.forEach(in: messages[entry.action.position]) { part in
      switch part {
      case .literal(let text): output.append(text, from: localeBytes)
      case .particle(let particle):
        output.appendStatic(particle.after(output, from: start))
      case .slot(.title):
        let titleStart = output.count
        output.append(entry.title, from: historyBytes)
        if title == nil { title = titleStart..<output.count }
      case .slot(.from):
        if let from = entry.from {
          output.append(stateLabelsRaw[from.order], from: localeBytes)
        } else {
          output.appendStatic("{from}")
        }
      case .slot(.to):
        if let to = entry.to {
          output.append(stateLabelsRaw[to.order], from: localeBytes)
        } else {
          output.appendStatic("{to}")
        }
      case .slot(.fields):
        if entry.fieldsCount == 0 {
          output.append(locale.unknownFields, from: localeBytes)
        } else {
          for offset in 0..<Int(entry.fieldsCount) {
            if offset > 0 {
              output.append(locale.separator, from: localeBytes)
            }
            let field = fields[Int(entry.fieldsStart) + offset]
            if field == .values, entry.changes.count > 0 {
              output.append(entry.changes, from: historyBytes)
            } else {
              output.append(fieldNames[field.position], from: localeBytes)
            }
          }
        }
      case .slot: break
      }
    }
    return title
  }
}
