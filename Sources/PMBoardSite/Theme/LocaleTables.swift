import Foundation
import PMBoardBytes
import PMBoardCore

/// One step of a compiled catalog message (a history sentence or the timestamp format).
public enum MessagePart: Sendable {
  case literal(RawRef)
  case slot(MessageSlot)
  case particle(KoreanParticle)
}

/// The values a message can name.
public enum MessageSlot: Sendable {
  case title, from, to, fields, date, hour, minute
}

/// One locale prepared for a build, as bytes and tables: labels, every due date and history day formatted once,
/// the catalog as a table of the template set's keys, and the history messages compiled.
public final class LocaleTables: Sendable {
  public let code: String
  public let catalog: LocaleCatalog
  public let formatter: LocaleFormatter
  public let bytes: ByteArena
  /// By `TaskState.order`.
  public let stateNames: FixedArray<TextRef>
  public let stateLabels: FixedArray<TextRef>
  public let stateLabelsRaw: FixedArray<RawRef>
  /// By `HistoryAction.allCases` position.
  public let actionNames: FixedArray<TextRef>
  /// By due index.
  public let dueTexts: FixedArray<TextRef>
  public let dueISO: FixedArray<TextRef>
  /// `ko` and `ja`, by ``CardRecord/titleLang`` - 1, for text of those languages on this locale's pages; nil for
  /// the locale's own language (its pages say it already).
  public let langCodes: [TextRef?]
  /// By done-day index (``BoardTables/doneDays``).
  public let doneTexts: FixedArray<TextRef>
  public let doneISO: FixedArray<TextRef>
  /// By day index.
  public let dayTexts: FixedArray<RawRef>
  /// "Due tomorrow", "Due in 2 days"…: by days until due - 1, for each day of the due-soon window.
  public let dueSoonTexts: FixedArray<TextRef>
  /// "12 days in DOING": by ``AgingCards/days`` index.
  public let agingTexts: FixedArray<TextRef>
  /// Catalog node `n` answers key `k` with `catalogTable[n * keyCount + k]`; node 0 is the catalog itself.
  public let catalogTable: FixedArray<SiteValue?>
  public let keyCount: Int
  public let parts: FixedArray<MessagePart>
  /// `parts` ranges: the sentence of each action (by `allCases` position), then the timestamp.
  public let messages: FixedArray<Range<Int>>
  /// By `TaskField.allCases` position.
  public let fieldNames: FixedArray<RawRef>
  public let separator: RawRef
  public let unknownFields: RawRef
  /// Whether every word a history sentence adds to the title (literals, labels, field names) has nothing to
  /// escape; then a sentence whose title has nothing to escape is written without checking it.
  public let sentenceIsPlain: Bool
  /// The same for every timestamp (literals and day names).
  public let timestampIsPlain: Bool
  /// Each declared field's name in this locale (``CardNames/fieldTitle(_:code:)``, text of the cards' names),
  /// looked up once a build rather than once a chip.
  public let fieldTitles: [TextRef]
  /// The parts of ``SiteAddresses``' links around a task's id (its page), a card's id on its column's page (by
  /// `TaskState.order`) and a name's path, which ``SiteView/writeHref(_:escaped:into:)`` writes after the page's
  /// `localeDir`: copied from the arena, not two `String`s looked up and copied per link (28 M instructions of the
  /// peers' 10,000-task build's 293,000 links). They hold nothing to escape.
  public let taskHref: HrefParts
  public let cardHrefs: [HrefParts]
  public let nameHref: HrefParts

  /// ``SiteAddresses/Around`` in a locale's arena.
  public struct HrefParts: Sendable {
    public let before: RawRef
    public let after: RawRef

    init(_ around: SiteAddresses.Around, in arena: inout ArenaBuilder) {
      before = arena.raw(around.before)
      after = arena.raw(around.after)
    }
  }

  public init(
    code: String, catalog: LocaleCatalog, formatter: LocaleFormatter, tables: BoardTables, keyNames: [String],
    dueSoon: Int = 0, agingDays: [Int] = []
  ) {
    self.code = code
    self.catalog = catalog
    self.formatter = formatter
    let names = tables.cardNames
    fieldTitles = (0..<names.fieldTitleCount).map { names.fieldTitle($0, code: code) }
    var arena = ArenaBuilder()
    stateNames = FixedArray(TaskState.allCases.map { arena.text($0.rawValue) })
    stateLabels = FixedArray(TaskState.allCases.map { arena.text(formatter.label($0)) })
    stateLabelsRaw = FixedArray(TaskState.allCases.map { arena.raw(formatter.label($0)) })
    actionNames = FixedArray(HistoryAction.allCases.map { arena.text($0.rawValue) })
    dueTexts = FixedArray(tables.dueDates.map { arena.text(formatter.longDate($0)) })
    dueISO = FixedArray(tables.dueDates.map { arena.text($0.description) })
    langCodes = ["ko", "ja"].map { $0 == code ? nil : arena.text($0) }
    doneTexts = FixedArray(tables.doneDays.map { arena.text(formatter.longDate($0)) })
    doneISO = FixedArray(tables.doneDays.map { arena.text($0.description) })
    dayTexts = FixedArray(tables.days.map { arena.raw(formatter.longDate(CalendarDate(daysSinceEpoch: $0))) })
    dueSoonTexts = FixedArray((0..<max(0, dueSoon)).map { arena.text(formatter.dueSoon(days: $0 + 1)) })
    agingTexts = FixedArray(agingDays.map { arena.text(formatter.aging(days: $0)) })
    // The catalog, walked the way `{{t.a.b}}` walks `CatalogContext`, for every key the templates use.
    keyCount = keyNames.count
    var nodes: [CatalogContext] = [CatalogContext(catalog)]
    var nodeNumbers: [ObjectIdentifier: Int32] = [ObjectIdentifier(nodes[0]): 0]
    var table: [SiteValue?] = []
    var node = 0
    while node < nodes.count {
      for name in keyNames {
        switch nodes[node].templateValue(forKey: name) {
        case .object(let child as CatalogContext):
          if let number = nodeNumbers[ObjectIdentifier(child)] {
            table.append(.catalog(number))
          } else {
            let number = Int32(nodes.count)
            nodes.append(child)
            nodeNumbers[ObjectIdentifier(child)] = number
            table.append(.catalog(number))
          }
        case .text(let text):
          table.append(.localeText(arena.text(text)))
        default:
          table.append(nil)
        }
      }
      node += 1
    }
    catalogTable = FixedArray(table)
    var parts: [MessagePart] = []
    var messages: [Range<Int>] = []
    func compile(_ message: CatalogMessage?, slots: [String: MessageSlot], into arena: inout ArenaBuilder) {
      let start = parts.count
      for part in message?.parts ?? [] {
        switch part {
        case .literal(let text): parts.append(.literal(arena.raw(text)))
        case .placeholder(let name):
          parts.append(slots[name].map(MessagePart.slot) ?? .literal(arena.raw("{\(name)}")))
        case .particle(let particle): parts.append(.particle(particle))
        }
      }
      messages.append(start..<parts.count)
    }
    for action in HistoryAction.allCases {
      compile(
        formatter.sentences[action], slots: ["title": .title, "from": .from, "to": .to, "fields": .fields],
        into: &arena)
    }
    compile(formatter.timestampFormat, slots: ["date": .date, "hour": .hour, "minute": .minute], into: &arena)
    self.parts = FixedArray(parts)
    self.messages = FixedArray(messages)
    fieldNames = FixedArray(TaskField.allCases.map { arena.raw(formatter.fieldNames[$0] ?? "") })
    separator = arena.raw(formatter.separator)
    unknownFields = arena.raw(formatter.unknownFields)
    taskHref = HrefParts(SiteAddresses.taskAddress, in: &arena)
    cardHrefs = TaskState.allCases.map { HrefParts(SiteAddresses.taskLink($0, taskPages: false), in: &arena) }
    nameHref = HrefParts(SiteAddresses.namePageAddress, in: &arena)
    let bytes = arena.finish()
    self.bytes = bytes
    func isPlain(_ text: RawRef) -> Bool { !bytes.needsEscaping(text) }
    func literalsArePlain(_ range: Range<Int>) -> Bool {
      parts[range].allSatisfy { if case .literal(let text) = $0 { isPlain(text) } else { true } }
    }
    let sentenceWords = Array(stateLabelsRaw) + Array(fieldNames) + [separator, unknownFields]
    sentenceIsPlain =
      messages.prefix(HistoryAction.allCases.count).allSatisfy(literalsArePlain)
      && sentenceWords.allSatisfy(isPlain)
    timestampIsPlain =
      literalsArePlain(messages[HistoryAction.allCases.count]) && dayTexts.allSatisfy(isPlain)
  }
}
