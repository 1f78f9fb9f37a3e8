import Foundation
import PMBoardCore

/// A locale's insights, `<code>/insights.html`: how work flowed in the 12 weeks up to the build's day
/// (``FlowInsights``), drawn by ``InsightsCharts``. Only where the history is published: the page is made from it.
/// Rendered on every build (one page a locale): it changes with the day as well as with the board.
enum InsightsPage: PageKind {
  static let template = "insights"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    guard site.publishesInsights else { return [] }
    return [
      SiteRenderer.PagePlan(path: site.addresses.inLocale(code, SiteAddresses.insights), code: code, kind: .insights)
    ]
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int { site.tables.entries.count / 8 }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    var info = site.page(
      .insights, code: plan.code, formatter: formatter, overdueCount: overdueCount, path: SiteAddresses.insights,
      place: .locale, title: "\(site.snapshot.info.title) · \(catalog.string("nav.insights"))")
    let insights = site.insights
    info.pageLabel = formatter.message(
      "insights.window",
      [
        "from": formatter.longDate(insights.weekStarts[0]),
        "to": formatter.longDate(site.moment.today),
      ])
    info.insightsHTML =
      InsightsCharts(
        insights: insights, tables: site.tables, catalog: catalog, formatter: formatter,
        taskLinks: site.writesTaskPages ? info.localeDir : nil
      ).html
    return info
  }

  /// Kept when its words and charts are the same (an edit of a TODO task's body changes none of them): the charts
  /// are in its ``PageInfo``.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    pagePrint(of: plan, site, prepared, label: "insights")?.print.value
  }

  /// All locales' pages and `insights.json` (with the feeds) in one job: the insights are worked out once.
  static func batchedJobs(
    _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared, codes: [String]
  ) -> [(job: SiteRenderer.Job, rank: Int)]? {
    let pages = codes.flatMap { plans(site, code: $0) }
    guard let first = pages.first else { return [] }
    let job = SiteRenderer.Job(path: first.path, weight: weight(of: first, site) * pages.count) { writer in
      for plan in pages { try site.write(SiteRenderer.RenderGroup(plan: plan), prepared, into: writer) }
      guard site.publish.feeds else { return }
      let json = InsightsJSON(insights: site.insights, tables: site.tables, today: site.moment.today).text
      let file = site.addresses.atRoot(SiteAddresses.insightsJSON)
      if var print = site.keptPageFingerprint {
        print.add(json)
        if writer.reuse(file, fingerprint: print.value) { return }
        writer.keep(fingerprint: print.value, for: file)
      }
      try writer.write(file, Array(json.utf8))
    }
    return [(job, 0)]
  }
}

extension SiteRenderer {
  /// Whether the site has insights pages and `insights.json`: where its history is published and `publish:`
  /// does not hide them.
  var publishesInsights: Bool { publish.insights && publish.history != .off }

  /// The board's ``FlowInsights``, worked out the first time a page or the JSON asks.
  var insights: FlowInsights {
    insightsCache.value { FlowInsights(tables: tables, today: moment.today) }
  }
}
