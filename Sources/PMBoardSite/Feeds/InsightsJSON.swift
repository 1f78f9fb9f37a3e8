import Foundation
import PMBoardCore

/// `insights.json` at the site root: the numbers behind the insights page's charts, for other tools. Its shape is
/// `docs/insights.schema.json`; `Tests/Scripts/check_insights.py` recomputes it from `pmboard export`.
struct InsightsJSON {
  let insights: FlowInsights
  let tables: BoardTables
  let today: CalendarDate

  var text: String {
    let weeks = insights.weekStarts.indices.map { week in
      let flow = insights.flow[week]
      return
        "{\"start\":\"\(insights.weekStarts[week])\",\"todo\":\(flow[TaskState.todo.order]),"
        + "\"doing\":\(flow[TaskState.doing.order]),\"done\":\(flow[TaskState.done.order]),"
        + "\"throughput\":\(insights.throughput[week])}"
    }
    let limits = FlowInsights.bucketLimits
    let buckets = insights.cycleBuckets.enumerated().map { index, count in
      let minimum = index == 0 ? 0 : limits[index - 1]
      let maximum = index < limits.count ? String(limits[index]) : "null"
      return "{\"minDays\":\(minimum),\"maxDays\":\(maximum),\"count\":\(count)}"
    }
    var byDays: [Int: Int] = [:]
    for item in insights.aging { byDays[item.days, default: 0] += 1 }
    let ages = byDays.keys.sorted().map { "[\($0),\(byDays[$0] ?? 0)]" }
    let oldest = insights.aging.prefix(InsightsCharts.agingShown).map {
      "{\"id\":\"\(tables.cardBytes.string(tables.cards[$0.card].id))\",\"days\":\($0.days)}"
    }
    let median = insights.medianSeconds.map(String.init) ?? "null"
    let p85 = insights.p85Seconds.map(String.init) ?? "null"
    return """
      {"version":1,"today":"\(today)","weeks":[\(weeks.joined(separator: ","))],\
      "cycleTime":{"count":\(insights.cycleSeconds.count),"medianSeconds":\(median),"p85Seconds":\(p85),\
      "seconds":[\(insights.cycleSeconds.map(String.init).joined(separator: ","))],\
      "buckets":[\(buckets.joined(separator: ","))]},\
      "aging":{"count":\(insights.aging.count),"unknown":\(insights.agingUnknown),\
      "byDays":[\(ages.joined(separator: ","))],"oldest":[\(oldest.joined(separator: ","))]}}

      """
  }
}
