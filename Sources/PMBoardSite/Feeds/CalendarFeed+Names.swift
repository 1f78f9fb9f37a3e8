import PMBoardBytes
import PMBoardCore

extension CalendarFeed {
  /// Names per pass of ``renderNames(_:names:emit:)``: a calendar file open and a 40 KB buffer for each of them in
  /// each locale (64 names, three locales: 192 files and 7.7 MB), however many names a board has.
  static let namesPerPass = 64

  /// The calendars of the names `chosen` (indices into the cards' names, at most ``namesPerPass``) in every locale,
  /// made in one pass over the open cards: each event is made once per locale and copied into the calendar of each
  /// chosen name its card carries. Made name by name, an event was made again for every name of its card, most of
  /// what the label and person pages added to a build. The bytes are those ``render(_:only:name:emit:)`` makes for
  /// each name alone. Handed to `emit(file, bytes)` for file `position * locales.count + locale`, `position` being
  /// the name's place in `chosen`.
  func renderNames(
    _ locales: [(code: String, formatter: LocaleFormatter)], names chosen: [Int],
    emit: (_ file: Int, Span<UInt8>) -> Void
  ) {
    let names = tables.cardNames
    guard !names.isEmpty, !chosen.isEmpty else { return }
    let count = locales.count
    var position = [Int32](repeating: -1, count: names.names.count)
    for (place, name) in chosen.enumerated() { position[name] = Int32(place) }
    let buffers = (0..<chosen.count * count).map { _ in CalendarBuffer() }
    for (place, name) in chosen.enumerated() {
      let text = names.bytes.string(names.names[name].text)
      for (index, locale) in locales.enumerated() {
        Summaries(calendar: self, code: locale.code, formatter: locale.formatter, name: text)
          .writeHeader(into: &buffers[place * count + index].out)
      }
    }
    let calendars = locales.map { Summaries(calendar: self, code: $0.code, formatter: $0.formatter, name: nil) }
    let shared = SharedLines(calendar: self)
    let cards = FixedTable(tables.cards)
    var lines = ByteWriter(capacity: SiteRenderer.outputChunk / 2 + 65_536)
    var event = ByteWriter(capacity: 8192)
    var summary = ByteWriter(capacity: 256)
    var escaped = ByteWriter(capacity: 256)
    // The events of the chosen names' open cards, each with the places (in `chosen`) of its names among them.
    var events: [(index: Int, targets: Range<Int>)] = []
    var targets: [Int] = []
    let open = tables.columnStarts[TaskState.todo.order]..<tables.columnStarts[TaskState.doing.order + 1]
    for index in open where cards[index].dueIndex >= 0 && window.contains(due: dueDay(of: cards[index]), today: today) {
      let first = targets.count
      for slot in Int(names.starts[index])..<Int(names.starts[index + 1]) {
        let place = position[Int(names.cardNames[slot])]
        if place >= 0 { targets.append(Int(place)) }
      }
      if targets.count > first { events.append((index, first..<targets.count)) }
    }
    // A name with more events than the window keeps lists the nearest the day only, as its calendar alone would.
    let cutoffs = cutoffs(of: events, targets: targets, places: chosen.count, cards: cards)
    // In batches, as ``render(_:only:name:emit:)`` makes them: the shared lines of a batch first, then each locale's
    // events of it. A locale's `Summaries` is taken out of the array once a batch: taken once an event, its copy
    // (a dozen references retained and released) was a tenth of this work.
    var pieces: [SharedLines.Event] = []
    pieces.reserveCapacity(Self.batchSize)
    for batchStart in stride(from: 0, to: events.count, by: Self.batchSize) {
      let batch = events[batchStart..<min(events.count, batchStart + Self.batchSize)]
      lines.flush(keeping: 0) { _ in }
      pieces.removeAll(keepingCapacity: true)
      for item in batch { pieces.append(shared.write(cards[item.index], number: item.index, into: &lines)) }
      for (locale, calendar) in calendars.enumerated() {
        for (item, piece) in zip(batch, pieces) {
          event.flush(keeping: 0) { _ in }
          calendar.write(
            cards[item.index], number: item.index, piece, shared: lines, summary: &summary, escaped: &escaped,
            into: &event)
          for place in targets[item.targets] {
            if let cutoff = cutoffs[place], key(of: cards[item.index], number: item.index) > cutoff { continue }
            let file = place * count + locale
            buffers[file].out.append(pendingBytesOf: event)
            if buffers[file].out.pending > CalendarBuffer.flushAt {
              buffers[file].out.flush(keeping: 0) { emit(file, $0) }
            }
          }
        }
      }
    }
    for (file, buffer) in buffers.enumerated() {
      let start = buffer.out.count
      buffer.out.appendStatic("END:VCALENDAR")
      buffer.out.endICalendarLine(from: start)
      buffer.out.flush(keeping: 0) { emit(file, $0) }
    }
  }
}

extension CalendarFeed {
  /// For each chosen name (by place), the last event its capped calendar keeps; nil when it keeps them all.
  fileprivate func cutoffs(
    of events: [(index: Int, targets: Range<Int>)], targets: [Int], places: Int, cards: FixedTable<CardRecord>
  ) -> [CalendarWindow.Key?] {
    guard let limit = window.events else { return Array(repeating: nil, count: places) }
    var counts = [Int](repeating: 0, count: places)
    for event in events { for place in targets[event.targets] { counts[place] += 1 } }
    guard counts.contains(where: { $0 > limit }) else { return Array(repeating: nil, count: places) }
    var keys = counts.map { $0 > limit ? [CalendarWindow.Key]() : [] }
    for event in events {
      for place in targets[event.targets] where counts[place] > limit {
        keys[place].append(key(of: cards[event.index], number: event.index))
      }
    }
    return keys.map { window.cutoff($0) }
  }
}

/// One calendar's pending bytes in ``CalendarFeed/renderNames(_:names:emit:)``, handed to its file 32 KB at a time.
private final class CalendarBuffer {
  static let flushAt = 32_768
  var out = ByteWriter(capacity: flushAt + 8192)
}
