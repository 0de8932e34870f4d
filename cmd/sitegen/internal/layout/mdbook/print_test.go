package mdbook

import (
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestJoinPrint checks print.html's content against mdBook's own
// expected pages (tests/testsuite/print/*/expected/print.html in
// rust-lang/mdBook), from the bodies sitegen renders (root-relative
// links, a chapter's own # heading not in its body): "The print page
// takes all the individual chapters … and modifies the chapters so that
// they work on a consolidated print page" (crates/mdbook-html/src/html/print.rs).
func TestJoinPrint(t *testing.T) {
	tests := []struct {
		name  string
		parts []layout.Part
		brk   bool
		want  string
	}{{
		// print/duplicate_ids: "Test for duplicate IDs, and links to those duplicates."
		name: "duplicate ids", brk: true,
		parts: []layout.Part{
			{URL: "/chapter_1.html", Heading: "Chapter 1", OwnH1: true, HTML: `<h2 id="some-title">Some title</h2>` +
				`<p>See <a href="/chapter_2.html#some-title">other</a></p><p>See <a href="/chapter_1.html#some-title">this</a></p><p>See <a href="#some-title">this anchor only</a></p>`},
			{URL: "/chapter_2.html", Heading: "Chapter 2", OwnH1: true, HTML: `<h2 id="some-title">Some title <a class="anchor" href="#some-title">#</a></h2>` +
				`<p>See <a href="/chapter_1.html#some-title">other</a></p><p>See <a href="chapter_2.html#some-title">this</a></p><p>See <a href="#some-title">this anchor only</a></p>`},
		},
		want: chapterOpen + `<h1 id="chapter-1">Chapter 1</h1><h2 id="some-title">Some title</h2>` +
			`<p>See <a href="#some-title-1">other</a></p><p>See <a href="#some-title">this</a></p><p>See <a href="#some-title">this anchor only</a></p>` + chapterClose +
			pageBreakDiv +
			chapterOpen + `<h1 id="chapter-2">Chapter 2</h1><h2 id="some-title-1">Some title <a class="anchor" href="#some-title-1">#</a></h2>` +
			`<p>See <a href="#some-title">other</a></p><p>See <a href="#some-title-1">this</a></p><p>See <a href="#some-title-1">this anchor only</a></p>` + chapterClose,
	}, {
		// print/chapter_no_h1: "Test for synthesized link to a chapter that does not have an h1."
		// "If a chapter is missing an h1 tag, then one is synthesized so that the print output has something to link to."
		name: "chapter without h1", brk: false,
		parts: []layout.Part{
			{URL: "/", Heading: "Chapter 1", OwnH1: true, HTML: `<p>See <a href="/chapter_2.html">chapter 2</a>.</p>`},
			{URL: "/chapter_2.html", Heading: "Chapter 2", HTML: `<p>See <a href="/chapter_2.html">this</a>, <a href="/">one</a>, <a href="https://x.org/chapter_2.html">out</a>, <img src="/img/a.png">, <a href="img/b.png">b</a>.</p>`},
			{URL: "/sub/h2.html", Heading: "H2 instead", HTML: `<h2 id="h2-instead">H2 instead</h2><p>This has H2 instead of H1. <a href="../chapter_2.html">back</a></p>`},
		},
		want: chapterOpen + `<h1 id="chapter-1">Chapter 1</h1><p>See <a href="#chapter-2">chapter 2</a>.</p>` + chapterClose +
			chapterOpen + `<h1 id="chapter-2">Chapter 2</h1><p>See <a href="#chapter-2">this</a>, <a href="#chapter-1">one</a>, <a href="https://x.org/chapter_2.html">out</a>, <img src="/img/a.png">, <a href="/img/b.png">b</a>.</p>` + chapterClose +
			chapterOpen + `<h1 id="h2-instead-1">H2 instead</h1><h2 id="h2-instead">H2 instead</h2><p>This has H2 instead of H1. <a href="#chapter-2">back</a></p>` + chapterClose,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := joinPrint(tt.parts, tt.brk); got != tt.want {
				t.Errorf("joinPrint:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestPrintSettings checks [output.html.print]: "enable: Enable print
// support. When false, all print support will not be rendered. Defaults
// to true. page-break: Insert page breaks between chapters. Defaults to
// true." (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlprint).
func TestPrintSettings(t *testing.T) {
	parts := []layout.Part{{URL: "/a.html", Heading: "A", OwnH1: true}, {URL: "/b.html", Heading: "B", OwnH1: true}}
	for _, tt := range []struct {
		toml       string
		on, break_ bool
	}{
		{"", true, true},
		{"[output.html.print]\nenable = false\n", false, false},
		{"[output.html.print]\npage-break = false\n", true, false},
		{"[output.html.print]\nenable = true\npage-break = true\n", true, true},
	} {
		dir := layouttest.Write(t, map[string]string{"book.toml": "[book]\ntitle = \"B\"\n" + tt.toml,
			"src/SUMMARY.md": "- [A](a.md)\n- [B](b.md)\n", "src/a.md": "# A\n", "src/b.md": "# B\n"})
		l, err := Recognise(dir)
		if err != nil {
			t.Fatal(err)
		}
		if (l.Combined != nil) != tt.on {
			t.Errorf("%q: print page %v, want %v", tt.toml, l.Combined != nil, tt.on)
			continue
		}
		if l.Combined == nil {
			continue
		}
		if l.Combined.File != "print.html" {
			t.Errorf("%q: print page at %q", tt.toml, l.Combined.File)
		}
		got := l.Combined.Join(parts)
		if want := chapterOpen + `<h1 id="a">A</h1>` + chapterClose + map[bool]string{true: pageBreakDiv}[tt.break_] + chapterOpen + `<h1 id="b">B</h1>` + chapterClose; got != want {
			t.Errorf("%q: %s, want %s", tt.toml, got, want)
		}
	}
}
