package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// mdBookPrintBook is a book of three chapters, the second without a
// heading of its own, both others with a "Rounds" heading.
var mdBookPrintBook = map[string]string{
	"book.toml":           "[book]\ntitle = \"Six Sides\"\n",
	"src/SUMMARY.md":      "# Summary\n\n[Home](README.md)\n\n- [Combat](rules/combat.md)\n- [Magic](rules/magic.md)\n- [Draft]()\n",
	"src/README.md":       "# Home\n\nSee [combat rounds](rules/combat.md#rounds).\n",
	"src/rules/combat.md": "# Combat\n\n## Rounds\n\nBack [home](../README.md), on to [magic](magic.md).\n",
	"src/rules/magic.md":  "Spells.\n\n## Rounds\n\n[Combat rounds](combat.md#rounds), [ours](#rounds).\n",
}

// TestMdBookPrintPage: an mdBook book has print.html, "every chapter
// on one page": "By default, mdBook will include an icon on the top
// right of the book … that will print the book as a single page."
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlprint),
// its chapters in SUMMARY.md's order, ids unique across the book and
// the links between chapters to anchors of the page (html/print.rs);
// every page links to it; enable = false writes neither.
func TestMdBookPrintPage(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, mdBookPrintBook)
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := Build(t.Context(), content.Options{Source: src, Dest: dest, Theme: theme, CacheDir: "-"}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "print.html"))
	if err != nil {
		t.Fatalf("print.html: %v", err)
	}
	page := string(b)
	for _, want := range []string{
		`<title>Six Sides</title>`,
		`<meta name="robots" content="noindex">`,
		`<h1 id="home">Home</h1><p>See <a href="#rounds">combat rounds</a>.</p>`,
		`</section>` + pageBreak + `<section class="print-chapter"><h1 id="combat">Combat</h1>`,
		`<h2 id="rounds">Rounds`,
		`Back <a href="#home">home</a>, on to <a href="#magic">magic</a>.`,
		`</section>` + pageBreak + `<section class="print-chapter"><h1 id="magic">Magic</h1><p>Spells.</p>`,
		`<h2 id="rounds-1">Rounds`,
		`<a href="#rounds">Combat rounds</a>, <a href="#rounds-1">ours</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("print.html lacks %s:\n%s", want, page)
		}
	}
	if i, j := strings.Index(page, `id="combat"`), strings.Index(page, `id="magic"`); i < 0 || j < i {
		t.Errorf("print.html: chapters out of SUMMARY.md's order")
	}
	home, err := os.ReadFile(filepath.Join(dest, "rules", "combat.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(home), `href="/print.html"`) {
		t.Errorf("combat.html has no link to print.html")
	}
	if strings.Contains(string(home), `content="noindex"`) {
		t.Errorf("combat.html is noindex")
	}

	sitetest.WriteFiles(t, src, map[string]string{"book.toml": "[book]\ntitle = \"Six Sides\"\n[output.html.print]\nenable = false\n"})
	dest = filepath.Join(t.TempDir(), "off")
	if _, err := Build(t.Context(), content.Options{Source: src, Dest: dest, Theme: theme, CacheDir: "-"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dest, "print.html")); err == nil {
		t.Errorf("enable = false: print.html written")
	}
	if b, _ := os.ReadFile(filepath.Join(dest, "rules", "combat.html")); strings.Contains(string(b), "print.html") {
		t.Errorf("enable = false: combat.html links to print.html")
	}
}

// pageBreak is mdBook's break between two chapters of print.html, each
// in a section of its own (mdbook.chapterOpen).
const pageBreak = `<div style="break-before: page; page-break-before: always;"></div>`

// TestMdBookPrintPageUpdate: a chapter saved under serve writes
// print.html again, as a build from nothing writes it (r.update
// compares every published file).
func TestMdBookPrintPageUpdate(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, mdBookPrintBook)
	r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
	r.update(t, map[string]string{"src/rules/magic.md": "# Sorcery\n\n## Rounds\n\nNew [text](combat.md).\n"})
	b, err := os.ReadFile(filepath.Join(r.opts.Dest, "print.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `New <a href="#combat">text</a>`) {
		t.Errorf("print.html after the update lacks the saved text:\n%s", b)
	}
	// A chapter's heading renamed and its links changed: the anchors
	// of every other chapter follow.
	r.update(t, map[string]string{"src/rules/combat.md": "# Fighting\n\n## Rounds\n\nOn to [magic](magic.md#rounds).\n"})
	b, _ = os.ReadFile(filepath.Join(r.opts.Dest, "print.html"))
	if !strings.Contains(string(b), `<h1 id="fighting">`) || !strings.Contains(string(b), `On to <a href="#rounds-1">magic</a>`) {
		t.Errorf("print.html after the second update:\n%s", b)
	}
}

// TestMdBookSummaryUpdateIsFull: SUMMARY.md decides "what chapters to
// include, in what order they should appear"
// (https://rust-lang.github.io/mdBook/format/summary.html): an Update
// told of an edit of it (a reorder) asks for the full build it needs,
// writing nothing, rather than writing nothing and saying it is done
// (serve rebuilds for it without asking: servecmd's
// TestServeMdBookSummaryEdits).
func TestMdBookSummaryUpdateIsFull(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, mdBookPrintBook)
	r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
	files := edit(t, src, map[string]string{"src/SUMMARY.md": "# Summary\n\n[Home](README.md)\n\n- [Magic](rules/magic.md)\n- [Combat](rules/combat.md)\n"})
	u, err := r.s.Update(t.Context(), files)
	if err != nil {
		t.Fatal(err)
	}
	if !u.Full || !strings.Contains(u.Reason, "src/SUMMARY.md") {
		t.Errorf("Update after a SUMMARY.md edit: Full %v (%q), want a full build asked for", u.Full, u.Reason)
	}
}
