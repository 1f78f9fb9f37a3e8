import PMBoardBytes
import PMBoardCore

/// A history page by day: each day of the board's wall clock a heading over its entries, each entry its time of
/// day and a sentence whose task title links the task.
extension SiteView {
  /// Where each run of entries of one local day starts in `range`, and `range`'s end.
  static func dayStarts(of range: Range<Int>, in entries: FixedArray<EntryRecord>) -> [Int32] {
    var starts: [Int32] = []
    var day: Int32 = -1
    for index in range where starts.isEmpty || entries[index].dayIndex != day {
      starts.append(Int32(index))
      day = entries[index].dayIndex
    }
    if !range.isEmpty { starts.append(Int32(range.upperBound)) }
    return starts
  }

  func dayValue(_ key: SiteKey, _ day: Int32) -> SiteValue? {
    switch key {
    case .dayText: .dayText(entries[Int(dayStarts[Int(day)])].dayIndex)
    case .entries: .dayEntryList(day)
    default: nil
    }
  }

  /// Writes the values of this file: day headings, times of day and linked sentences.
  func writeDayValue(_ value: SiteValue, escaped: Bool, into output: inout ByteWriter) {
    switch value {
    case .dayText(let day):
      compose(escaped: escaped, into: &output) { $0.append(dayTexts[Int(day)], from: localeBytes) }
    case .entryClock(let index):
      let secondOfDay = Instant.day(ofSecond: entries[Int(index)].localSeconds).secondOfDay
      output.appendTwoDigits(secondOfDay / 3600)
      output.appendByte(0x3A)
      output.appendTwoDigits(secondOfDay / 60 % 60)
    case .entrySentenceHTML(let index):
      let start = output.count
      let entry = entries[Int(index)]
      let title = writeSentence(entry, into: &output)
      // Most sentences have nothing to escape: their locale's words and the title are plain.
      var isPlain = sentenceIsPlain && entry.titleIsPlain
      if let title, linksTask(ofEntry: index) {
        output.escapeTail(from: start, wrapping: (title.lowerBound - start)..<(title.upperBound - start)) { output in
          output.appendStatic("<a href=\"")
          output.append(page.localeDir, escaped: true, from: pageBytes)
          output.appendStatic("tasks/")
          output.append(entry.task, from: historyBytes)
          output.appendStatic(".html\">")
        }
        isPlain = false
      } else if !isPlain, output.tailNeedsEscaping(from: start) {
        output.escapeTail(from: start)
      }
      // `{{sentenceHTML}}` shows the HTML as text.
      if escaped, !isPlain, output.tailNeedsEscaping(from: start) { output.escapeTail(from: start) }
    default:
      return
    }
  }
}
