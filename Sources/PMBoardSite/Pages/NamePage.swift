import Foundation
import PMBoardCore

/// A name's page: a label's, `<code>/labels/<slug>.html`, a person's, `<code>/people/<slug>.html`, or a declared
/// field's option or name, `<code>/<key>/<slug>.html` (``NameField``): the tasks with that name, by column, each column capped at `column-limit` and leading as the board's do (``ColumnLead``). Capped so
/// that a big board's name pages cost a few cards each, not a column page's worth per name.
enum NamePage: PageKind {
  static let template = "name"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    let names = site.tables.cardNames
    return names.names.indices.map { index in
      let path = names.bytes.string(names.names[index].path)
      return SiteRenderer.PagePlan(
        path: site.addresses.inLocale(code, SiteAddresses.namePage(path)), code: code, kind: .name(Int32(index)))
    }
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    min(site.tables.cardNames.names[Int(name(of: plan))].cards.count, site.cardLimit * 3) * 3
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let index = name(of: plan)
    let names = site.tables.cardNames
    let name = names.names[Int(index)]
    let text = names.bytes.string(name.text)
    let field = names.fields[name.field]
    let fieldName = field.definition.displayName(in: plan.code)
    var heading = formatter.message(
      field.headingMessage, ["name": "\u{2068}\(text)\u{2069}", "field": "\u{2068}\(fieldName)\u{2069}"])
    // A theme's catalog from before declared fields has no `names.field`: its pages still say what they list.
    if heading.isEmpty { heading = "\u{2068}\(fieldName)\u{2069}: \u{2068}\(text)\u{2069}" }
    var info = site.page(
      .name(field: field.definition.key), code: plan.code, formatter: formatter, overdueCount: overdueCount,
      path: SiteAddresses.namePage(names.bytes.string(name.path)), place: .tasks,
      title: "\(text) · \(site.snapshot.info.title)")
    info = site.withoutBoardWideWords(info)
    (info.heading, info.name) = (heading, index)
    info.cardLimit = site.cardLimit
    info.columns = site.publish.stateList
    if field.definition.type == .milestone, let option = field.definition.option(named: text) {
      info.progressHTML =
        MilestoneProgress(
          option: option, cards: name.cards, tables: site.tables, catalog: catalog, formatter: formatter,
          today: site.moment.today
        ).html(indexHref: info.localeDir + SiteAddresses.milestones)
    }
    info.leadNotes = site.leadNotes(formatter: formatter, counts: site.nameLeadCounts(ofName: index))
    // Its own calendar and change feed beside it (``SiteFeeds``), so that a person can subscribe to their tasks.
    let path = names.bytes.string(name.path)
    let here = info.localeDir
    info.calendarHref =
      site.publish.feeds ? site.calendarHref(code: plan.code, here: here, file: SiteAddresses.nameCalendar(path)) : nil
    info.atomHref = site.publish.feeds && site.publish.history != .off ? here + SiteAddresses.nameFeed(path) : nil
    return info
  }

  /// Its words (heading, lead notes, links: all in its ``PageInfo``) and the cards each column shows, in order,
  /// with the column's count: a change to a task without that name leaves the page as it was.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    let index = name(of: plan)
    guard let (start, info) = pagePrint(of: plan, site, prepared, label: "name \(index)") else { return nil }
    var print = start
    let columns = site.columnCards(ofName: index)
    for state in info.columns {
      let shown = columns.shown[state.order]
      for card in shown { print.add(word: site.cardPrint(Int(card))) }
      print.add(shown.count)
      print.add(columns.counts?[state.order] ?? 0)
    }
    return print.value
  }

  static func name(of plan: SiteRenderer.PagePlan) -> Int32 {
    guard case .name(let index) = plan.kind else { preconditionFailure("not a name page: \(plan.path)") }
    return index
  }
}

/// The index of labels and people, `<code>/labels.html`: every label and every person with how many tasks have
/// them, each linking its page. Written only when some task has one.
enum NameIndexPage: PageKind {
  static let template = "names"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    guard !site.tables.cardNames.names.isEmpty else { return [] }
    return [SiteRenderer.PagePlan(path: site.addresses.inLocale(code, SiteAddresses.names), code: code, kind: .names)]
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    site.tables.cardNames.names.count
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let info = site.page(
      .names, code: plan.code, formatter: formatter, overdueCount: overdueCount, path: SiteAddresses.names,
      place: .locale,
      title: "\(site.snapshot.info.title) · \(catalog.string("names.heading"))")
    return site.withoutBoardWideWords(info)
  }
}
