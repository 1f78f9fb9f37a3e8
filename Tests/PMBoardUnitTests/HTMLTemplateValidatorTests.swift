import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

@Suite struct HTMLTemplateValidatorTests {
  // MARK: - Mustache masking

  @Test func maskBlanksTagsButKeepsLengthsAndLineBreaks() {
    let source = "<p class=\"{{c}}\">{{! two\nlines }}é{{{raw}}}</p>"
    let mask = HTMLMustacheMask(source)
    #expect(mask.bytes.count == source.utf8.count)
    #expect(String(decoding: mask.bytes, as: UTF8.self) == "<p class=\"     \">       \n        é         </p>")
  }

  @Test func maskRecordsSectionsAndPartials() {
    let mask = HTMLMustacheMask("{{#a}}x{{/a}}{{^a}}y{{/a}}{{> p}}")
    #expect(mask.sections.map(\.name) == ["a", "a"])
    #expect(mask.sections.map(\.isInverted) == [false, true])
    #expect(mask.partials == [26])
    // `x` (offset 6) and `y` (offset 19) never render together; `x` and the partial do.
    #expect(mask.areExclusive(6, 19))
    #expect(!mask.areExclusive(6, 26))
  }

  @Test func mustacheTagsInTextAttributeValuesAndBetweenAttributesAreFine() {
    let source = """
      {{! a comment
          over two lines }}
      <ul class="cards">
      {{#cards}}
      <li class="card{{#overdue}} overdue{{/overdue}}" id="t-{{id}}" {{#done}}hidden{{/done}} data-n={{n}}>
        <a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{title}}</a> {{{html}}} {{&raw}}
      </li>
      {{/cards}}
      {{> footer}}
      </ul>
      """
    #expect(problems(source) == [])
  }

  /// A tag with spaces inside (`{{ url }}`) is still one unquoted attribute value, spaces and all.
  @Test func spacedMustacheTagsInUnquotedValuesAreOneValue() {
    #expect(
      problems("<a href={{ base }}/x id=t-{{ id }}-card>x</a>\n<a href={{ base }}/y id=t-{{ id }}-other>y</a>") == [])
  }

  // MARK: - Tag structure

  @Test func strayEndTagIsReported() {
    let source = """
      <p>a</p>
        </div>
      """
    #expect(problems(source) == ["2:3: stray end tag </div>: no <div> element is open"])
  }

  @Test func unclosedElementIsReportedAtItsStartTag() {
    let source = """
      <ul>
        <li>a</li>
      </ul>
      <div class="x">
        text
      """
    #expect(problems(source) == ["4:1: element <div> is never closed"])
  }

  @Test func unclosedElementClosedByAnImpliedEndTagIsReported() {
    let source = """
      <ul>
        <li><span>a
        <li>b
      </ul>
      """
    #expect(problems(source) == ["2:7: element <span> is never closed"])
  }

  @Test func endTagAfterAnImplicitlyClosedParagraphIsStray() {
    // `<div>` closes the open `<p>` (HTML5), so the `</p>` closes nothing.
    #expect(problems("<p>a\n<div>b</div>\n</p>") == ["3:1: stray end tag </p>: no <p> element is open"])
  }

  @Test func voidElementsNeedNoEndTagButMayNotHaveOne() {
    #expect(problems("<p>a<br>b<br/>c<br />d<img src=x alt=\"\"><wbr></p><hr>") == [])
    #expect(problems("<p>a\n<br></br></p>") == ["2:5: end tag </br> is not allowed: <br> is a void element"])
  }

  @Test func selfClosingSyntaxOnANormalElementIsReported() {
    #expect(
      problems("<p>\n  <div/>\n</p>").first
        == "2:3: <div/> is not a void element and '/>' does not close it; write <div></div>")
  }

  @Test(arguments: [
    "<ul><li>a<li>b</ul>",
    "<ol>\n<li>a\n<li>b\n<ul><li>c<li>d</ul>\n<li>e\n</ol>",
    "<p>a<p>b",
    "<div><p>a<p>b</div>",
    "<p>a<ul><li>x</ul><p>b<h2>c</h2>",
    "<table><tr><td>a<td>b<tr><td>c</table>",
    "<table>\n<thead><tr><th>A<th>B\n<tbody><tr><td>1<td>2\n<tfoot><tr><td>3<td>4\n</table>",
    "<table><caption>c<colgroup><col><col><tr><td>x</td></tr></table>",
    "<dl><dt>a<dd>b<dt>c<dd>d</dl>",
    "<select><option>a<option>b<optgroup label=g><option>c</select>",
    "<ruby>漢<rp>(<rt>kan<rp>)</ruby>",
    "<li>an item at the end of a partial",
    "<html lang=en><head><title>x</title><body><p>x</html>",
  ])
  func optionalEndTagsMayBeOmitted(source: String) {
    #expect(problems(source) == [])
  }

  // MARK: - Element names

  @Test func unknownElementIsReported() {
    let source = """
      <main>
        <secton>x</secton>
      </main>
      """
    #expect(problems(source) == ["2:3: unknown element <secton>"])
  }

  @Test func obsoleteElementIsReported() {
    #expect(problems("<p>a</p>\n<center>x</center>") == ["2:1: obsolete element <center> is not part of HTML5"])
  }

  @Test func html5ElementsCustomElementsAndForeignContentAreKnown() {
    let source = """
      <!-- a comment with <b>markup</b> & an ampersand -->
      <header><nav><a href="/">x</a></nav></header>
      <main><search><form><input name=q></form></search>
      <article><section><h2>x</h2><time datetime="2024-01-01">today</time><mark>m</mark></section></article>
      <aside><details open><summary>s</summary>d</details></aside>
      <dialog open>x</dialog><template><li>x</li></template><slot></slot>
      <picture><source srcset="a.webp"><img src="a.png" alt=""></picture>
      <task-card state="open"><x-icon></x-icon></task-card>
      <svg viewBox="0 0 1 1"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>
      <path d="M0 0"/><title>t</title><foreignObject><div>x</div></foreignObject></svg>
      <math><mi>x</mi><mo>=</mo><mn>1</mn></math>
      </main>
      <footer>f</footer>
      """
    #expect(problems(source) == [])
  }

  // MARK: - Attributes and ids

  @Test func duplicateAttributeIsReportedAtTheSecondOne() {
    let source = """
      <p
        class="a"
        class="b">x</p>
      """
    #expect(problems(source) == ["3:3: duplicate attribute class on <p> (first at 2:3)"])
  }

  @Test func attributesInExclusiveMustacheBranchesAreNoDuplicates() {
    #expect(problems("<a {{#url}}href=\"{{url}}\"{{/url}}{{^url}}href=\"#\"{{/url}}>x</a>") == [])
  }

  @Test func duplicateIdIsReportedAtTheSecondOne() {
    let source = """
      <h2 id="x">a</h2>
      <p id="x">b</p>
      """
    #expect(problems(source) == ["2:4: duplicate id \"x\" (first at 1:5)"])
  }

  @Test func idsThatAreOnlyMustacheOrDifferInMustacheAreNoDuplicates() {
    let source = """
      <p id="{{a}}">a</p><p id="{{a}}">b</p><p id=" ">c</p><p id="">d</p>
      <p id="t-{{a}}">e</p><p id="t-{{b}}">f</p>
      {{#x}}<p id="y">g</p>{{/x}}{{^x}}<p id="y">h</p>{{/x}}
      {{^a}}<i id="z"></i>{{/a}}{{#s}}{{/s}}{{#a}}{{#b}}<b></b>{{/b}}<i id="z"></i>{{/a}}
      """
    #expect(problems(source) == [])
  }

  @Test func malformedAttributesAreReported() {
    #expect(problems("<p a=\"1\"b=\"2\">x</p>") == ["1:9: missing whitespace between attributes"])
    #expect(problems("<p>\n<div <p>x</div>") == ["2:6: attribute name '<p' contains '<'; is a '>' missing before it?"])
  }

  @Test func attributesWithoutValuesUnquotedValuesAndFrameworkNamesAreFine() {
    let source = """
      <input type=checkbox checked disabled value=x data-id=12>
      <button hidden @click="go()" :class="c" x-on:click="y" aria-label='Close'>x</button>
      <a href=/x/y?z=1 target=_blank>x</a>
      """
    #expect(problems(source) == [])
  }

  // MARK: - Character references

  @Test func bareAndUnknownAmpersandsAreReportedAtTheAmpersand() {
    let source = """
      <p>Tom & Jerry</p>
      <p>R&D</p>
      <p>&foo; &amp</p>
      <a href="?a=1&b=2">x</a>
      """
    #expect(
      problems(source) == [
        "1:8: '&' does not start a character reference; write &amp;",
        "2:5: '&' does not start a character reference; write &amp;",
        "3:4: unknown character reference &foo;",
        "3:10: character reference &amp is missing its ';'",
        "4:14: '&' does not start a character reference; write &amp;",
      ])
  }

  @Test func invalidNumericReferencesAreReported() {
    #expect(
      problems("<p>&#; &#xZZ; &#0; &#x110000;</p>") == [
        "1:4: character reference &# has no digits; write &amp; for a '&'",
        "1:8: character reference &#x has no digits; write &amp; for a '&'",
        "1:15: character reference &#0; is not a valid character",
        "1:20: character reference &#x110000; is not a valid character",
      ])
  }

  @Test func validReferencesAreFine() {
    let source =
      "<p title=\"&quot;a&quot; &amp; b\">&amp; &nbsp; &lt; &gt; &#39; &#x27; &#X1F600; &hellip; &check; &AMP;</p>"
    #expect(problems(source) == [])
  }

  @Test func scriptAndStyleContentsAreNotMarkup() {
    let source = """
      <style>a > b { content: "&"; } p::after { content: "</p>"; }</style>
      <script>if (a < b && c) { s = "</b>" + '&x'; }</script>
      <script type="module">
        for (let i = 0; i<n; i++) { document.body.append("<div>"); }
      </script>
      """
    #expect(problems(source) == [])
  }

  @Test func titleAndTextareaTextMayNotHoldBareAmpersands() {
    #expect(problems("<textarea>\n<b> & </textarea>") == ["2:5: '&' does not start a character reference; write &amp;"])
  }

  // MARK: - Page templates

}
