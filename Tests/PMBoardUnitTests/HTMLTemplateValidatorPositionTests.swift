import PMBoardCore
import PMBoardValidation
import Testing

/// Diagnostics point where the fix goes: an element left open at its own start tag (not at the end tag of the
/// element around it), a missing doctype where the page's content starts (not on a comment line above it).
@Suite struct HTMLTemplateValidatorPositionTests {
  @Test func elementLeftOpenBeforeItsParentsEndTagIsReportedAtItsStartTag() {
    let source = """
      <div>
        <p><b>x</p>
      </div>
      """
    #expect(problems(source) == ["2:6: element <b> is never closed: </p> at 2:10 ends the <p> around it first"])
    #expect(problems("<p><b>x</p>") == ["1:4: element <b> is never closed: </p> at 1:8 ends the <p> around it first"])
  }

  @Test func unclosedElementClosedByItsParentIsReported() {
    let source = """
      <section>
        <div>
      </section>
      """
    #expect(
      problems(source) == ["2:3: element <div> is never closed: </section> at 3:1 ends the <section> around it first"])
  }

  @Test func elementLeftOpenInBodyIsReportedAtItsStartTagNotAtTheBodysEndTag() {
    let source = """
      <html lang="en">
      <head><title>x</title></head>
      <body>
      <main><section>
      </body>
      </html>
      """
    #expect(
      problems(source) == [
        "4:1: element <main> is never closed: </body> at 5:1 ends the <body> around it first",
        "4:7: element <section> is never closed: </body> at 5:1 ends the <body> around it first",
      ])
  }

  @Test func missingDoctypeIsReportedWhereThePageStartsAfterAMustacheComment() {
    let source = """
      {{! The board page: see README for its view model. }}

      <html lang="{{lang}}">
      <head><title>{{title}}</title></head>
      <body></body>
      </html>
      """
    #expect(problems(source, isPage: true) == ["3:1: page template has no <!DOCTYPE html>; start the page with it"])
  }

  @Test func missingDoctypeHtmlAndTitleOfAPageOfOnlyTextAreReportedAtTheText() {
    #expect(
      problems("\u{FEFF}{{! c }}\n  {{#x}}hello{{/x}}", isPage: true) == [
        "2:9: page template has no <!DOCTYPE html>; start the page with it",
        "2:9: page template has no <html lang=\"…\"> element",
        "2:9: page template has no <title> element",
      ])
  }
}
