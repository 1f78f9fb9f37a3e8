#!/usr/bin/env node
/* Public/search.js's fold against the shared vectors (Tests/Scripts/fixtures/search/fold-vectors.json), which
   Tests/PMBoardUnitTests/SearchFoldTests.swift holds the index's SearchFold to as well. The script runs in a bare
   context: a page without the search field, where it only hands its fold to PMBoardSearch.

   usage: node Tests/Scripts/search_fold_check.js [SEARCH_JS] [VECTORS]
   Prints one FAIL line per vector that differs and a summary; exits 1 if any differed. */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const root = path.resolve(__dirname, "..", "..");
const script = process.argv[2] || path.join(root, "Public", "search.js");
const vectors = JSON.parse(fs.readFileSync(
  process.argv[3] || path.join(root, "Tests", "Scripts", "fixtures", "search", "fold-vectors.json"), "utf8")).vectors;
const window = {};
const context = vm.createContext({ window, document: { querySelector: () => null }, Promise });
vm.runInContext(fs.readFileSync(script, "utf8"), context, { filename: script });
const fold = window.PMBoardSearch && window.PMBoardSearch.fold;
if (typeof fold !== "function") {
  console.log("FAIL search.js hands no fold to PMBoardSearch");
  process.exit(1);
}
const hex = (text) => Array.from(text, (c) => c.codePointAt(0).toString(16).toUpperCase()).join(" ");
let failures = 0;
for (const vector of vectors) {
  const got = fold(vector.text);
  if (got !== vector.folded) {
    failures += 1;
    console.log(`FAIL ${vector.case}: ${JSON.stringify(vector.text)} folded to ${hex(got)}, not ${hex(vector.folded)}`);
  }
}
console.log(`${failures ? "FAIL" : "ok  "} ${vectors.length - failures} of ${vectors.length} vectors folded alike`);
process.exit(failures ? 1 : 0);
