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
      writeSentenceHTML(ofEntry: index, escaped: escaped, into: &output)
    default:
      return
    }
  }

  /// The entry's sentence as HTML: its task's title a link to the task's page when it has one, and marked with its
  /// language when that is not the page's (a Korean title on the English history breaks between words).
  private func writeSentenceHTML(ofEntry index: Int32, escaped: Bool, into output: inout ByteWriter) {
    let start = output.count
    let entry = entries[Int(index)]
    let title = writeSentence(entry, into: &output)
    let links = linksTask(ofEntry: index)
    let lang = hasLang(entry.titleLang) ? langCodes[Int(entry.titleLang) - 1] : nil
    // Most sentences have nothing to escape: their locale's words and the title are plain.
    var isPlain = sentenceIsPlain && entry.titleIsPlain
    if let title, links || lang != nil {
      let wrapped = (title.lowerBound - start)..<(title.upperBound - start)
      output.escapeTail(from: start, wrapping: wrapped, close: links ? "</a>" : "</span>") { output in
        output.appendStatic(links ? "<a" : "<span")
        if let lang {
          output.appendStatic(" lang=\"")
          output.append(lang, escaped: true, from: localeBytes)
          output.appendStatic("\"")
        }
        if links {
          let around = SiteAddresses.taskAddress
          output.appendStatic(" href=\"")
          output.append(page.localeDir, escaped: true, from: pageBytes)
          output.append(around.before)
          output.append(entry.task, from: historyBytes)
          output.append(around.after)
          output.appendStatic("\"")
        }
        output.appendStatic(">")
      }
      isPlain = false
    } else if !isPlain, output.tailNeedsEscaping(from: start) {
      output.escapeTail(from: start)
    }
    // `{{sentenceHTML}}` shows the HTML as text.
    if escaped, !isPlain, output.tailNeedsEscaping(from: start) { output.escapeTail(from: start) }
  }
}
