import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// The page checks (doctype, lang, title), libxml2's reports and the validator's output as a whole.
@Suite struct HTMLPageTemplateTests {
  @Test func pageWithoutDoctypeLangAndTitleIsReported() {
    let source = """
      <html>
      <head>
      <meta charset="utf-8">
      </head>
      <body><p>x</p></body>
      </html>
      """
    #expect(
      problems(source, isPage: true) == [
        "1:1: <html> has no lang attribute",
        "1:1: page template has no <!DOCTYPE html>; start the page with it",
        "2:1: page template has no <title> element",
      ])
  }

  @Test func pageWithoutHtmlElementIsReportedAtTheStart() {
    #expect(
      problems("<!doctype html>\n<title>x</title>\n<p>x", isPage: true) == [
        "1:1: page template has no <html lang=\"…\"> element"
      ])
  }

  @Test func pageWithEmptyLangOrOldDoctypeIsReported() {
    let source = """
      <!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">
      <html lang=" ">
      <head><title>x</title></head>
      </html>
      """
    #expect(
      problems(source, isPage: true) == [
        "1:1: the doctype is not HTML5's <!DOCTYPE html>",
        "2:1: <html> has an empty lang attribute",
      ])
  }

  @Test func pageMayTakeLangFromMustacheAndTitleFromAHeadPartial() {
    let source = """
      <!doctype HTML>
      <html lang="{{lang}}">
      <head>
      {{> head}}
      </head>
      <body></body>
      </html>
      """
    #expect(problems(source, isPage: true) == [])
  }

  @Test func partialsAreNotCheckedAsPages() {
    #expect(problems("<p>x</p>") == [])
  }

  // MARK: - libxml2

  @Test func libxml2ErrorsArePassedThroughAtTheStartOfTheConstruct() {
    #expect(problems("<p>x</p>\n<!-- never closed") == ["2:1: Comment not terminated"])
    #expect(
      problems("<p>\n  <div class=\"a>x</div>\n</p>") == [
        "2:3: AttValue: \" expected",
        "2:3: Couldn't find end of Start Tag div",
      ])
    #expect(problems("<p>a</p>\n<!DOCTYPE html>") == ["2:1: Misplaced DOCTYPE declaration"])
  }

  @Test func libxml2ParsesEmptyAndMustacheOnlyTemplatesSilently() {
    #expect(problems("") == [])
    #expect(problems("{{#items}}\n{{> item}}\n{{/items}}\n") == [])
    #expect(problems("Just text, {{name}}.") == [])
  }

  // MARK: - Positions and output

  @Test func columnsCountUnicodeScalarsAndTabsCountOne() {
    #expect(
      problems("\t<p>é🙂<b>x</p>") == ["1:7: element <b> is never closed: </p> at 1:11 ends the <p> around it first"])
    #expect(problems("\u{FEFF}<p>a & b</p>") == ["1:6: '&' does not start a character reference; write &amp;"])
  }

  @Test func diagnosticsAreSortedErrorsWithTheFileName() {
    let diagnostics = HTMLTemplateValidator().validate(
      source: "<p>a & b</p>\n</div>\n<secton></secton>", file: "partials/card.mustache", isPage: false)
    #expect(diagnostics == diagnostics.sorted())
    #expect(diagnostics.map(\.line) == [1, 2, 3])
    #expect(diagnostics.allSatisfy { $0.severity == .error && $0.file == "partials/card.mustache" })
    #expect(
      diagnostics.first?.description
        == "partials/card.mustache:1:6: error: '&' does not start a character reference; write &amp;")
  }

  @Test func concurrentValidationsKeepTheirOwnLibxml2Errors() async {
    let sources = (0..<16).map { index in
      index.isMultiple(of: 2) ? "<p>ok \(index)</p>" : String(repeating: "\n", count: index) + "<!-- open"
    }
    let results = await withTaskGroup(of: (Int, [String]).self) { group in
      for (index, source) in sources.enumerated() {
        group.addTask { (index, problems(source)) }
      }
      return await group.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
    }
    for (index, result) in results {
      #expect(result == (index.isMultiple(of: 2) ? [] : ["\(index + 1):1: Comment not terminated"]))
    }
  }

  // MARK: - A realistic page

  @Test func realisticPageTemplateHasNoProblems() {
    let source = """
      {{! The board page: one column per state. }}
      <!DOCTYPE html>
      <html lang="{{lang}}" dir="{{dir}}">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>{{title}} &middot; {{t.board}}</title>
      <link rel="stylesheet" href="{{root}}assets/style.css">
      {{#canonical}}<link rel="canonical" href="{{canonical}}">{{/canonical}}
      <style>.card { color: red; } .a > .b { content: "&"; }</style>
      </head>
      <body class="board-page">
      <a class="skip" href="#main">{{t.skip}}</a>
      <header class="site-header">
        <h1>{{boardTitle}}</h1>
        <nav aria-label="{{t.nav}}">
          <a href="{{boardHref}}"{{#isBoard}} aria-current="page"{{/isBoard}}>{{t.board}}</a>
          <a href="{{historyHref}}"{{#isHistory}} aria-current="page"{{/isHistory}}>{{t.history}}</a>
        </nav>
      </header>
      <main id="main">
      {{#columns}}
        <section class="column {{state}}" aria-labelledby="col-{{state}}">
          <h2 id="col-{{state}}">{{label}}&nbsp;<span class="count">{{count}}</span></h2>
          {{#isEmpty}}<p class="empty">{{t.empty}}{{/isEmpty}}
          {{^isEmpty}}
          <ul class="cards">
          {{#cards}}
            <li class="card{{#overdue}} overdue{{/overdue}}" id="t-{{id}}" {{#done}}hidden{{/done}}>
              <h3><a href="#t-{{id}}">{{title}}</a></h3>
              {{#due}}<time datetime="{{due}}">{{dueText}}</time>{{/due}}
          {{/cards}}
          </ul>
          {{/isEmpty}}
        </section>
      {{/columns}}
      </main>
      <footer class="site-footer">
        <p>{{t.generated}} &copy; {{year}} · <time datetime="{{asOfISO}}">{{asOf}}</time>
      </footer>
      <script>document.documentElement.classList.add("js");</script>
      </body>
      </html>
      """
    #expect(problems(source, isPage: true) == [])
  }
}
