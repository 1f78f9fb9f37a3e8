import Foundation
import PMBoardCore

/// The index of milestones, `<code>/milestones.html`: each milestone some task has, in the field's order, with its
/// progress line and bar (``MilestoneProgress/summary``) and a link to its page. Written only when there is one.
enum MilestoneIndexPage: PageKind {
  static let template = "milestones"

  /// The milestone field's place among the card names' fields, when some task has a milestone.
  static func field(_ site: SiteRenderer) -> Int? {
    let names = site.tables.cardNames
    return names.fields.indices.first {
      names.fields[$0].definition.builtIn == .milestone && !names.sorted[$0].isEmpty
    }
  }

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    guard field(site) != nil else { return [] }
    return [
      SiteRenderer.PagePlan(
        path: site.addresses.inLocale(code, SiteAddresses.milestones), code: code, kind: .milestones)
    ]
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    field(site).map { site.tables.cardNames.sorted[$0].count * 20 } ?? 0
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    var info = site.page(
      .milestones, code: plan.code, formatter: formatter, overdueCount: overdueCount,
      path: SiteAddresses.milestones, place: .locale,
      title: "\(site.snapshot.info.title) · \(catalog.string("milestone.index"))")
    info = site.withoutBoardWideWords(info)
    info.heading = catalog.string("milestone.index")
    guard let field = field(site) else { return info }
    let names = site.tables.cardNames
    let definition = names.fields[field].definition
    let sections = names.sorted[field].compactMap { index -> String? in
      let name = names.names[Int(index)]
      let text = names.bytes.string(name.text)
      guard let option = definition.option(named: text) else { return nil }
      let progress = MilestoneProgress(
        option: option, cards: name.cards, tables: site.tables, catalog: catalog, formatter: formatter,
        today: site.moment.today)
      let href = info.localeDir + SiteAddresses.namePage(names.bytes.string(name.path))
      return progress.summary(heading: text, href: href)
    }
    info.progressHTML = sections.joined(separator: "\n")
    return info
  }
}
