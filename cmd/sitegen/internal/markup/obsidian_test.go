package markup

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// fakeVault resolves wikilinks over a few notes, as the content model
// does: a name to a URL, an embed to the note's source.
type fakeVault struct {
	notes map[string]string // name -> source
	from  string            // the linking note's file
	md    *Markdown
}

func (v fakeVault) ResolveLink(dest string) (string, string) { return dest, "" }

func (v fakeVault) ResolveWiki(target, frag string, embed bool) WikiTarget {
	switch {
	case target == "":
		return WikiTarget{URL: "#" + HeadingSlug(frag)}
	case strings.HasSuffix(target, ".png"):
		return WikiTarget{URL: "/img/" + target}
	case target == "Shared":
		return WikiTarget{URL: "/a/shared/", Warning: "also b/Shared.md"}
	}
	src, ok := v.notes[target]
	if !ok {
		return WikiTarget{Problem: "no note named " + target}
	}
	u := "/" + strings.ToLower(target) + "/"
	if frag != "" {
		u += "#" + HeadingSlug(frag)
	}
	tg := WikiTarget{URL: u}
	if embed {
		tg.Note = &Page{File: target + ".md", URL: "/" + target + "/", Links: fakeVault{notes: v.notes, from: target + ".md"}}
		tg.Src = []byte(src)
	}
	return tg
}

func TestObsidianInline(t *testing.T) {
	vault := fakeVault{notes: map[string]string{
		"Human": "# Human\n\nIntro.\n\n## Traits\n\nQuick.\n\n### Sub\n\nDeeper.\n\n## Other\n\nNot this.\n",
		"Loop":  "Loop starts ![[Back]]\n",
		"Twice": "## A\n\n### Sub\n\nUnder A.\n\n## B\n\n### Sub\n\nUnder B.\n\n## C\n\nNot this.\n",
		"Back":  "![[Loop]]\n",
		"Self":  "Me: ![[Self]]\n",
		// A note showing one of its own blocks, and one whose section
		// shows itself.
		"OwnBlock":   "Hide the borders.\n^b1\n\nAs here:\n\n![[OwnBlock#^b1]]\n",
		"OwnSection": "## A\n\nText.\n\n![[OwnSection#A]]\n",
		"Block":      "First.\n\nThe rule. ^rule\n\nLast.\n",
		"Spell":      "# Spell\n\n> [!info] Chaos ray\n> Ranged spell.\n> - 3rd level: more\n^spell\n\nNot this.\n",
	}}
	opts := Options{Obsidian: true}
	tests := []struct {
		name, src string
		want      []string // substrings of the output
		not       []string // substrings the output must not hold
		problems  []string
	}{
		{name: "plain wikilink", src: "See [[Human]].\n", want: []string{`<a class="wikilink" href="/human/">Human</a>`}},
		{name: "label", src: "See [[Human|people]].\n", want: []string{`href="/human/">people</a>`}},
		{name: "heading", src: "See [[Human#Racial Traits]].\n", want: []string{`href="/human/#racial-traits">Human &gt; Racial Traits</a>`}},
		{name: "block", src: "See [[Human#^rule-1|the rule]].\n", want: []string{`href="/human/#`, `>the rule</a>`}},
		{name: "same page heading", src: "## Multiclassing Basics\n\nSee [[#Multiclassing Basics]].\n", want: []string{`href="#multiclassing-basics">Multiclassing Basics</a>`}},
		{name: "escaped pipe in a table", src: "| a |\n|---|\n| [[Human\\|people]] |\n", want: []string{`href="/human/">people</a>`}},
		{name: "missing", src: "x\n\nSee [[Nobody]].\n", want: []string{`wikilink-missing`}, problems: []string{"3:5: broken wikilink [[Nobody]]: no note named Nobody"}},
		{name: "ambiguous warns", src: "[[Shared]]\n", want: []string{`href="/a/shared/"`}, problems: []string{"warning: 1:1: wikilink [[Shared]]: also b/Shared.md"}},
		{name: "not a wikilink", src: "[[]] and [[a]b]] and [x](y)\n", not: []string{"wikilink"}},
		{name: "image with width", src: "![[map.png|300]]\n", want: []string{`<img src="/img/map.png" alt="map.png" width="300" loading="lazy">`}},
		{name: "image with size", src: "![[map.png|300x200]]\n", want: []string{`width="300" height="200"`}},
		{name: "image with alt", src: "![[map.png|The map]]\n", want: []string{`alt="The map"`}, not: []string{"width="}},
		{name: "embed note", src: "Before.\n\n![[Human]]\n\nAfter.\n", want: []string{`<div class="embed">`, "<p>Intro.</p>", "<p>Quick.</p>", "<p>After.</p>"}, not: []string{"<p><div"}},
		{name: "embed inside a line splits it", src: "Before ![[Block#^rule]] after.\n", want: []string{"<p>Before </p>\n<div class=\"embed\">", "</div>\n<p> after.</p>"}, not: []string{"<p><div"}},
		{name: "embed in a list item", src: "- ![[Block#^rule]]\n- two\n", want: []string{"<li>\n<div class=\"embed\">\n<p>The rule.</p>\n</div>\n</li>"}},
		{name: "embed H1 moves down", src: "![[Human]]\n", want: []string{`<h2 id="human">`}, not: []string{"<h1"}},
		{name: "embed section", src: "![[Human#Traits]]\n", want: []string{"Quick.", "Deeper."}, not: []string{"Intro.", "Not this."}},
		// "You can add multiple hash symbols for each subheading. For
		// example, [[My note#Heading 1#Heading 2]]" (help.obsidian.md,
		// Internal links); an embed names a heading as a link does.
		{name: "embed subheading path", src: "![[Human#Traits#Sub]]\n", want: []string{"Deeper."}, not: []string{"Intro.", "Quick.", "Not this."}},
		{name: "embed subheading path, a heading not under the one before", src: "![[Human#Other#Sub]]\n",
			problems: []string{`1:1: broken embed ![[Human#Other#Sub]]: no heading or block "Other#Sub" in Human.md`}},
		// Of two headings of one text, the path's is the one under the
		// heading before it (the second's id is sub-1, not its text's slug).
		{name: "embed subheading path, the heading under the path", src: "![[Twice#B#Sub]]\n", want: []string{"Under B."}, not: []string{"Under A.", "Not this."}},
		{name: "embed block", src: "![[Block#^rule]]\n", want: []string{"The rule."}, not: []string{"First.", "Last."}},
		{name: "embed missing section", src: "![[Human#Nope]]\n", problems: []string{`1:1: broken embed ![[Human#Nope]]: no heading or block "Nope" in Human.md`}},
		{name: "embed cycle", src: "![[Loop]]\n", problems: []string{"1:1: embed ![[Loop]] makes a cycle: Loop.md → Back.md → Loop.md"}},
		{name: "embed self", src: "![[Self]]\n", problems: []string{"1:1: embed ![[Self]] makes a cycle: Self.md → Self.md"}},
		// Obsidian embeds a block or heading of the note it is in ("Embed a
		// block or heading: ![[Note#^id]]",
		// https://help.obsidian.md/Linking+notes+and+files/Embed+files): only
		// an embed inside the part it shows comes back to itself.
		{name: "embed a block of its own note", src: "![[OwnBlock]]\n", want: []string{"<p>As here:</p>\n<div class=\"embed\">\n<p>Hide the borders.</p>\n</div>"}},
		{name: "embed its own section from inside it", src: "![[OwnSection]]\n", problems: []string{"1:1: embed ![[OwnSection#A]] makes a cycle: OwnSection.md#A → OwnSection.md#A"}},
		{name: "highlight", src: "A ==key== word, a == b, x === y.\n", want: []string{"A <mark>key</mark> word, a == b, x === y."}},
		{name: "inline comment", src: "Shown %%hidden%% too.\n", want: []string{"<p>Shown  too.</p>"}, not: []string{"hidden"}},
		{name: "block comment", src: "Before.\n\n%%\nHidden\n\nstill\n%%\n\nAfter.\n", want: []string{"<p>Before.</p>", "<p>After.</p>"}, not: []string{"Hidden", "still", "%%"}},
		{name: "one-line block comment", src: "%% note to self %%\n\nAfter.\n", want: []string{"<p>After.</p>"}, not: []string{"note to self"}},
		{name: "block id on a paragraph", src: "A rule. ^rule-1\n", want: []string{`<p id="^rule-1">A rule.</p>`}, not: []string{"^rule-1<"}},
		{name: "block id on a list item", src: "- one ^i1\n- two\n", want: []string{`<li id="^i1">one</li>`}},
		{name: "block id after a table", src: "| a |\n|---|\n| 1 |\n\n^tbl\n", want: []string{`<table id="^tbl">`}, not: []string{"<p>^tbl"}},
		{name: "block id under a quote names the quote", src: "> [!note] T\n> Text.\n^q1\n", want: []string{`<div class="callout callout-note" id="^q1" role="note">`}, not: []string{"^q1<"}},
		{name: "block id right under a table names the table", src: "| a |\n|---|\n| 1 |\n^t1\n", want: []string{`<table id="^t1">`}, not: []string{"<td>^t1"}},
		{name: "block id line inside a paragraph ends the table above", src: "| a |\n|---|\n| 1 |\n^t2\n**Note**: after.\n", want: []string{`<table id="^t2">`, "<p><strong>Note</strong>: after.</p>"}, not: []string{"<td>^t2"}},
		{name: "indented block id line under a table", src: "| a |\n|---|\n| 1 |\n  ^t3\nAfter.\n", want: []string{`<table id="^t3">`, "<p>After.</p>"}, not: []string{"<td>^t3"}},
		{name: "block id line between lines", src: "One\n^p1\nTwo ^p2\n", want: []string{`<p id="^p1">One</p>`, `<p id="^p2">Two</p>`}},
		{name: "embed a quote by its block id", src: "![[Spell#^spell]]\n", want: []string{"Chaos ray", "3rd level"}, not: []string{"Not this."}},
		{name: "caret inside text is text", src: "2^3 is 8\n", want: []string{"<p>2^3 is 8</p>"}},
	}
	for _, tt := range tests {
		page := Page{File: "page.md", Links: vault}
		out, _, problems := convert(t, opts, tt.src, page)
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.name, w, out)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(out, w) {
				t.Errorf("%s: output holds %q:\n%s", tt.name, w, out)
			}
		}
		if !slices.Equal(problems, tt.problems) {
			t.Errorf("%s: problems %q, want %q", tt.name, problems, tt.problems)
		}
	}
}

// TestObsidianOff: without Options.Obsidian the syntax stays text.
func TestObsidianOff(t *testing.T) {
	out, _, _ := convert(t, Options{}, "[[Human]] ==x== %%c%%\n", Page{})
	if !strings.Contains(out, "[[Human]] ==x== %%c%%") {
		t.Errorf("Obsidian syntax read without the option: %s", out)
	}
}

func TestObsidianCallouts(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"lower-case kind with title", "> [!info] Read this\n> Body.\n", `<div class="callout callout-info" role="note">
<p class="callout-title">Read this</p>
<p>Body.</p>
</div>`},
		{"upper-case alias, closed fold", "> [!HINT]-\n> Hidden.\n", `<details class="callout callout-tip"><summary class="callout-title">Hint</summary>
<p>Hidden.</p>
</details>`},
		{"open fold with title", "> [!faq]+ Why?\n> Because.\n", `<details class="callout callout-question" open><summary class="callout-title">Why?</summary>`},
		{"summary is abstract", "> [!summary]\n> x\n", `<div class="callout callout-abstract" role="note">
<p class="callout-title">Summary</p>`},
		{"quote", "> [!quote] Someone\n> Words.\n", `callout-quote`},
		{"custom kind starting with a digit", "> [!13A-Spell] Chaos Ray\n> Ranged.\n", `<div class="callout callout-note" role="note">
<p class="callout-title">Chaos Ray</p>
<p>Ranged.</p>`},
		// A kind of several words is a callout: Obsidian reads the type
		// up to "]" and "converts spaces in a callout ID to dashes"
		// (ShalamarII/TTRPG_Vault's 27 "> [!General Injury]", eval12B
		// NB5); an unknown kind is styled as a note.
		{"kind of two words", "> [!General Injury] Lost Hit Points\n> x\n", `<div class="callout callout-note" role="note">
<p class="callout-title">Lost Hit Points</p>`},
		{"kind of two words, no title", "> [!general injury]\n> x\n", `<p class="callout-title">General injury</p>`},
		{"cite is quote", "> [!cite]\n> Words.\n", `<div class="callout callout-quote" role="note">
<p class="callout-title">Cite</p>`},
		{"unknown kind styled as note", "> [!homebrew] Mine\n> x\n", `<div class="callout callout-note" role="note">
<p class="callout-title">Mine</p>`},
		{"title only", "> [!warning] Careful\n", `<p class="callout-title">Careful</p>
</div>`},
		{"nested", "> [!note] Outer\n> Text.\n> > [!danger] Inner\n> > Deep.\n", `<p class="callout-title">Outer</p>
<p>Text.</p>
<div class="callout callout-danger" role="note">
<p class="callout-title">Inner</p>
<p>Deep.</p>
</div>
</div>`},
		{"title's raw HTML sanitized", "> [!note] <script>x</script> T\n> y\n", `<p class="callout-title">x T</p>`},
		{"title with a link and emphasis", "> [!info] See [[Human|people]] *now*\n> y\n", `<p class="callout-title">See <span class="wikilink-missing">people</span> <em>now</em></p>
<p>y</p>`},
		{"title alone", "> [!tip] Just this\n", `<div class="callout callout-tip" role="note">
<p class="callout-title">Just this</p>
</div>`},
		{"kinds of every family", "> [!success]\n> a\n\n> [!check]\n> a\n\n> [!failure]\n> a\n\n> [!missing]\n> a\n\n> [!error]\n> a\n\n> [!bug]\n> a\n\n> [!example]\n> a\n\n> [!todo]\n> a\n\n> [!tldr]\n> a\n\n> [!attention]\n> a\n",
			`callout-success" role="note">
<p class="callout-title">Success</p>
<p>a</p>
</div>
<div class="callout callout-success" role="note">
<p class="callout-title">Check</p>
<p>a</p>
</div>
<div class="callout callout-failure" role="note">
<p class="callout-title">Failure</p>
<p>a</p>
</div>
<div class="callout callout-failure" role="note">
<p class="callout-title">Missing</p>
<p>a</p>
</div>
<div class="callout callout-danger" role="note">
<p class="callout-title">Error</p>
<p>a</p>
</div>
<div class="callout callout-bug" role="note">
<p class="callout-title">Bug</p>
<p>a</p>
</div>
<div class="callout callout-example" role="note">
<p class="callout-title">Example</p>
<p>a</p>
</div>
<div class="callout callout-todo" role="note">
<p class="callout-title">Todo</p>
<p>a</p>
</div>
<div class="callout callout-abstract" role="note">
<p class="callout-title">Tldr</p>
<p>a</p>
</div>
<div class="callout callout-warning" role="note">
<p class="callout-title">Attention</p>`},
	}
	for _, tt := range tests {
		out, _, _ := convert(t, Options{Obsidian: true}, tt.src, Page{})
		if !strings.Contains(out, tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, out, tt.want)
		}
	}
	// GitHub's five words in lower case are alerts without the option too;
	// other kinds are not.
	out, _, _ := convert(t, Options{}, "> [!note]\n> x\n\n> [!info] T\n> y\n", Page{})
	if !strings.Contains(out, `callout-note`) || strings.Contains(out, "callout-info") {
		t.Errorf("without Obsidian: %s", out)
	}
}

// TestOneH1: whatever the source, the body has no <h1> (the layout's
// title is the page's one); headings move down together, ids kept, and
// the table of contents follows.
func TestOneH1(t *testing.T) {
	tests := []struct {
		name, src    string
		drop, unsafe bool
		want         []string
		toc          string
	}{
		{name: "one H1 per class", src: "# Fighter\n\n## Abilities\n\n# Wizard\n\n## Spells\n", drop: true,
			want: []string{`<h2 id="wizard">`, `<h3 id="abilities">`, `<h3 id="spells">`}, toc: "[Abilities#abilities ][Wizard#wizard [Spells#spells ]]"},
		{name: "H1 after a front matter title", src: "Intro.\n\n# Part\n\n## Sub\n\n###### Six\n",
			want: []string{`<h2 id="part">`, `<h3 id="sub">`, `<h6 id="six">`}, toc: "[Part#part [Sub#sub ]]"},
		{name: "no H1 left: levels kept", src: "# Title\n\n## A\n\n### B\n", drop: true,
			want: []string{`<h2 id="a">`, `<h3 id="b">`}, toc: "[A#a [B#b ]]"},
		{name: "H1 in a quote counts", src: "## A\n\n> # Q\n", want: []string{`<h3 id="a">`, `<h2 id="q">`}, toc: "[A#a ][Q#q ]"},
		// Issue 31: an <h1> written in raw HTML is demoted as a # heading
		// is, with every other heading of the page, raw or Markdown.
		{name: "raw HTML H1", src: "<h1>Raw</h1>\n\n## A\n\n<H2 class=\"x\">B</H2>\n\n<h6>Six</h6>\n",
			want: []string{`<h2>Raw</h2>`, `<h3 id="a">`, `<h3 class="x">B</h3>` /* the sanitizer writes tags in lower case */, `<h6>Six</h6>`}, toc: "[A#a ]"},
		{name: "raw HTML H1 kept unsafe", src: "<div><h1 id=\"r\">Raw</h1></div>\n\n## A\n", unsafe: true,
			want: []string{`<div><h2 id="r">Raw</h2></div>`, `<h3 id="a">`}, toc: "[A#a ]"},
		{name: "inline raw H1", src: "Text <h1>in line</h1> more.\n\n## A\n", want: []string{`<p>Text <h2>in line</h2> more.</p>`, `<h3 id="a">`}, toc: "[A#a ]"},
		{name: "no H1 in a comment or code", src: "<!-- <h1>x</h1> -->\n\n`<h1>`\n\n## A\n", want: []string{`<h2 id="a">`, "<code>&lt;h1&gt;</code>"}, toc: "[A#a ]"},
	}
	for _, tt := range tests {
		out, res, _ := convert(t, Options{Unsafe: tt.unsafe}, tt.src, Page{DropH1: tt.drop})
		if strings.Contains(out, "<h1") {
			t.Errorf("%s: an <h1> in the body:\n%s", tt.name, out)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.name, w, out)
			}
		}
		if got := tocString(res.TOC); got != tt.toc {
			t.Errorf("%s: TOC %s, want %s", tt.name, got, tt.toc)
		}
	}
}

// bombVault serves generated notes to embeds and counts the work asked of
// it: how many notes embeds read, and how many bytes of them.
type bombVault struct {
	notes       map[string]string
	reads, read *int
}

func newBombVault(notes map[string]string) bombVault {
	return bombVault{notes: notes, reads: new(int), read: new(int)}
}

func (v bombVault) ResolveLink(dest string) (string, string) { return dest, "" }

func (v bombVault) ResolveWiki(target, frag string, embed bool) WikiTarget {
	src, ok := v.notes[target]
	if !ok {
		return WikiTarget{Problem: "no note named " + target}
	}
	tg := WikiTarget{URL: "/" + target + "/"}
	if embed {
		*v.reads++
		*v.read += len(src)
		tg.Note = &Page{File: target + ".md", URL: tg.URL, Links: v}
		tg.Src = []byte(src)
	}
	return tg
}

// TestEmbedBounds is issue 31: what embeds put in a page is bounded, by
// the depth of notes embedded in one another (MaxEmbedDepth, where
// obsidian-export, the exporter of Obsidian vaults, stops too), the number
// of embeds (MaxEmbeds), the HTML they produce (MaxEmbedHTML) and the
// Markdown they read (MaxEmbedRead), each at every depth; past a bound the
// page gets one error at its own embed that led there, and no more note is
// read. Six notes of 726 bytes each embedding the next ten times made 20 MB
// of HTML; a chain of 1,000 notes took 114 s and 843 MB. The work is
// counted in notes and bytes read, not in time.
func TestEmbedBounds(t *testing.T) {
	notes := map[string]string{}
	text := strings.Repeat("A line of a note, long enough to count. ", 18) + "\n" // 721 bytes
	for i := range 6 {                                                            // fan-out: each embeds the next ten times
		notes[fmt.Sprintf("N%d", i)] = text
		if i < 5 {
			notes[fmt.Sprintf("N%d", i)] += strings.Repeat(fmt.Sprintf("\n![[N%d]]\n", i+1), 10)
		}
	}
	for i := range 1000 { // a chain
		notes[fmt.Sprintf("C%d", i)] = fmt.Sprintf("c%d\n\n![[C%d]]\n", i, i+1)
	}
	notes["C1000"] = "the end\n"
	for i := range MaxEmbedDepth { // a chain that ends at the limit
		notes[fmt.Sprintf("D%d", i)] = fmt.Sprintf("d%d\n\n![[D%d]]\n", i, i+1)
	}
	notes[fmt.Sprintf("D%d", MaxEmbedDepth)] = "the deepest\n"
	big := strings.Repeat(strings.Repeat("word ", 100)+"\n\n", MaxEmbedHTML/500/10) // 1/10 of the HTML bound, in Markdown
	for i := range 20 {
		notes[fmt.Sprintf("B%d", i)] = big
	}
	var sections strings.Builder // a long note (1/10 of the bound) of many short sections
	for i := range 200 {
		fmt.Fprintf(&sections, "## S%d\n\n%s\n", i, strings.Repeat("x", MaxEmbedRead/2000-20))
	}
	notes["Long"] = sections.String()
	fan := func(prefix string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "![[%s%d]]\n\n", prefix, i)
		}
		return b.String()
	}
	tests := []struct {
		name, src string
		problem   string // the one problem's start, "" for none
		reads     int    // at most this many notes read
	}{
		// The error is at the page's embed, and names the one (in an
		// embedded note) that went past.
		{"fan-out", "# Top\n\n![[N1]]\n", "3:1: embed ![[N5]]: more than 1000 embeds", MaxEmbeds + 1},
		{"a chain", "c0\n\n![[C1]]\n", "3:1: embed ![[C11]]: notes embedded in one another more than 10 deep: page.md → C1.md → C2.md → C3.md → C4.md → C5.md → C6.md → C7.md → C8.md → C9.md → C10.md → C11.md", MaxEmbedDepth + 1},
		{"a chain at the limit", "d0\n\n![[D1]]\n", "", MaxEmbedDepth},
		// Each B note makes a little over 1/10 of the bound in HTML: the
		// tenth goes past it.
		{"big notes", fan("B", 20), "19:1: embed ![[B9]]: the embeds of this page make more than 4 MB of HTML", 10},
		// Each embed of a section reads its note whole: the eleventh goes
		// past the bound.
		{"sections of a long note", strings.Repeat("![[Long#S1]]\n\n", 20), "21:1: embed ![[Long#S1]]: the embeds of this page read more than 10 MB", 11},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := newBombVault(notes)
			out, _, problems := convert(t, Options{Obsidian: true}, tc.src, Page{File: "page.md", Links: v})
			switch {
			case tc.problem == "" && len(problems) > 0:
				t.Errorf("problems %q, want none", problems)
			case tc.problem != "" && (len(problems) != 1 || !strings.HasPrefix(problems[0], tc.problem)):
				t.Errorf("problems %.300q, want one starting %q", problems, tc.problem)
			}
			if *v.reads > tc.reads {
				t.Errorf("%d notes read, want at most %d", *v.reads, tc.reads)
			}
			if limit := MaxEmbedRead + len(notes["Long"]); *v.read > limit {
				t.Errorf("%d bytes read, want at most %d", *v.read, limit)
			}
			if limit := MaxEmbedHTML + 2*len(big); len(out) > limit {
				t.Errorf("%d bytes of HTML, want at most %d", len(out), limit)
			}
			if tc.problem == "" && !strings.Contains(out, "the deepest") {
				t.Errorf("the chain at the limit is not rendered whole:\n%.500s", out)
			}
		})
	}
}

// TestBlockWikiAndWarn: a block handler finds notes as the page's
// wikilinks do (with the note's source when asked) and reports warnings at
// its lines without failing the page.
func TestBlockWikiAndWarn(t *testing.T) {
	v := fakeVault{notes: map[string]string{"Goblin": "# Goblin\n\nhp: 7\n"}}
	h := BlockHandlerFunc(func(b *Block) (string, error) {
		var out []string
		for _, name := range strings.Fields(b.Body) {
			tg := b.ResolveWiki(name, true)
			out = append(out, tg.URL+"|"+tg.Problem+"|"+string(tg.Src))
		}
		b.Warn(2, 3, "second line")
		b.Warn(0, 0, "the fence")
		return "<p>" + strings.Join(out, ";") + "</p>", nil
	})
	opts := Options{Obsidian: true, Handlers: map[string]BlockHandler{"look": h}}
	out, _, problems := convert(t, opts, "Text.\n\n ```look\nGoblin\nOrc\n```\n", Page{File: "p.md", Links: v})
	if want := "<p>/goblin/||# Goblin\n\nhp: 7\n;|no note named Orc|</p>"; !strings.Contains(out, want) {
		t.Errorf("output %q lacks %q", out, want)
	}
	if want := []string{"warning: 5:3: look block: second line", "warning: 3:2: look block: the fence"}; !slices.Equal(problems, want) {
		t.Errorf("problems %q, want %q", problems, want)
	}
	// Without a WikiResolver nothing resolves, and the handler is told so.
	_, _, problems = convert(t, Options{Handlers: map[string]BlockHandler{"look": BlockHandlerFunc(func(b *Block) (string, error) {
		return "", errors.New(b.ResolveWiki("Goblin", false).Problem)
	})}}, "```look\n```\n", Page{})
	if want := []string{"1:1: look block: wikilinks are not resolved on this page"}; !slices.Equal(problems, want) {
		t.Errorf("problems %q, want %q", problems, want)
	}
}

// TestBlockMarkdownAssets: what a block's Markdown asks for (an inline
// roll's script and stylesheet) is asked for by the page.
func TestBlockMarkdownAssets(t *testing.T) {
	h := BlockHandlerFunc(func(b *Block) (string, error) { return b.Markdown("Roll `dice: 1d6`.", 1), nil })
	opts := Options{Handlers: map[string]BlockHandler{"look": h}}
	out, res, problems := convert(t, opts, "```look\n```\n", Page{Assets: map[string]string{DiceScript: "/js/dice.1.js", DiceStyle: "/css/dice.1.css"}})
	if !strings.Contains(out, `class="roll"`) || len(problems) > 0 {
		t.Errorf("no roll (problems %q):\n%s", problems, out)
	}
	if !slices.Equal(res.Scripts, []string{"/js/dice.1.js"}) || !slices.Equal(res.Styles, []string{"/css/dice.1.css"}) {
		t.Errorf("scripts %q, styles %q: want the dice script and stylesheet", res.Scripts, res.Styles)
	}
	// The texts of a page's blocks are the page's for its rolls: ids apart,
	// a formula's odds written once, the page's names.
	h = BlockHandlerFunc(func(b *Block) (string, error) {
		return b.Markdown("`dice: 1d6`", 1) + "|" + b.Markdown("`dice: 1d6`", 2) + "|" + b.Markdown("`dice: 1d4 + STR`", 3), nil
	})
	out, _, problems = convert(t, Options{Handlers: map[string]BlockHandler{"look": h}}, "STR:: 2\n\nRoll `dice: 1d6`.\n\n```look\n```\n", Page{})
	ids := regexp.MustCompile(`id="(roll-[^"]+)"`).FindAllStringSubmatch(out, -1)
	same := regexp.MustCompile(`data-same="(roll-[^"]+)"`).FindAllStringSubmatch(out, -1)
	if len(ids) != 4 || ids[0][1] == ids[1][1] || ids[1][1] == ids[2][1] || len(same) != 2 || same[0][1] != ids[0][1] || len(problems) > 0 {
		t.Errorf("ids %q, data-same %q, problems %q: want four ids, the later 1d6 rolls naming the first\n%s", ids, same, problems, out)
	}
	if !strings.Contains(out, `<span class="odds-title">1d4 + STR</span>`) {
		t.Errorf("the page's STR:: 2 not used in a block's roll:\n%s", out)
	}
}

// TestTOCWikilinkHeading: a heading that is a wikilink ("### [[Backgrounds/
// Witch Hunter|Witch Hunter]]", skamprogiannis/dnd-site, eval5A JA9) is
// listed in the table of contents by the text it shows, as Quartz's
// TableOfContents lists a heading by its text (mdast-util-to-string of the
// heading once its wikilinks are links, quartz/plugins/transformers/toc.ts;
// https://quartz.jzhao.xyz/plugins/TableOfContents); it was an empty entry.
func TestTOCWikilinkHeading(t *testing.T) {
	v := fakeVault{notes: map[string]string{"Backgrounds/Witch Hunter": "x", "Dwarf": "y"}}
	_, res, _ := convert(t, Options{Obsidian: true}, "## History\n\n### [[Backgrounds/Witch Hunter|Witch Hunter]] years\n\n## [[Dwarf]]\n", Page{File: "page.md", Links: v})
	var titles []string
	for _, it := range res.TOC {
		titles = append(titles, it.Title)
		for _, c := range it.Children {
			titles = append(titles, c.Title)
		}
	}
	if want := []string{"History", "Witch Hunter years", "Dwarf"}; !slices.Equal(titles, want) {
		t.Errorf("TOC titles %q, want %q", titles, want)
	}
}

// TestTagsInTables: a #tag in a table cell is a tag, as in a paragraph
// ("Tags can be added in the body of a note by typing a hashtag", anywhere
// inline markup is; https://help.obsidian.md/tags), so the tag's page is
// made where the cell links to it. Found on the Morrowind Modding Wiki
// (`| **Difficulty** | #advanced |` in a callout: the cell linked to
// /tags/advanced/, which was never written).
func TestTagsInTables(t *testing.T) {
	m := New(Options{Obsidian: true})
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"a paragraph", "text #plain\n", []string{"plain"}},
		{"a table cell", "| a | b |\n| --- | --- |\n| x | #advanced |\n", []string{"advanced"}},
		{"a table's header", "| #head | b |\n| --- | --- |\n| x | y |\n", []string{"head"}},
		{"a table in a callout", "> [!info]\n> | a | b |\n> | --- | --- |\n> | x | #advanced |\n", []string{"advanced"}},
		{"code in a cell", "| a |\n| --- |\n| `#code` |\n", nil},
	} {
		doc, pc := m.Outline([]byte(c.src))
		if got := m.Tags(doc, []byte(c.src), pc); !slices.Equal(got, c.want) {
			t.Errorf("%s: tags %q, want %q", c.name, got, c.want)
		}
	}
}

// TestEmbedAssets: a note embedded in a page brings the scripts and styles
// of what it shows (an inline roll's, a random table's), as on its own
// page: Obsidian shows the embedded note's content in place
// (https://help.obsidian.md/Linking+notes+and+files/Embed+files), so its
// rolls roll there too. The embedded roller of eval8A's World of Loo
// (generic-object embedding object-armor-class) was dead: its page asked
// for no dice script.
func TestEmbedAssets(t *testing.T) {
	v := fakeVault{notes: map[string]string{
		"Roll":  "Roll `dice: 1d6`.\n",
		"Table": "| d4 | Weather |\n|---|---|\n| 1-2 | Rain |\n| 3-4 | Sun |\n",
	}}
	assets := map[string]string{DiceScript: "/js/dice.1.js", DiceStyle: "/css/dice.1.css"}
	for _, src := range []string{"![[Roll]]\n", "![[Table]]\n", "Text.\n\n- ![[Roll]]\n"} {
		out, res, problems := convert(t, Options{Obsidian: true}, src, Page{File: "p.md", Links: v, Assets: assets})
		if !strings.Contains(out, `<div class="embed">`) || len(problems) > 0 {
			t.Fatalf("%q: no embed (problems %q):\n%s", src, problems, out)
		}
		if !slices.Equal(res.Scripts, []string{"/js/dice.1.js"}) || !slices.Equal(res.Styles, []string{"/css/dice.1.css"}) {
			t.Errorf("%q: scripts %q, styles %q: want the dice script and stylesheet", src, res.Scripts, res.Styles)
		}
	}
}

// TestObsidianImageSize: Obsidian reads a size at the end of a Markdown
// image's alt text: "![Engelbart|100x145](https://…)" ("External images",
// https://help.obsidian.md/syntax); the size is no alt text.
// QuantumRaccon/dnd-vault's 3,104 monster notes write "![|600](…)"
// (eval13B NB3). Other tools keep the "|" as alt text.
func TestObsidianImageSize(t *testing.T) {
	tests := []struct{ src, want string }{
		{"![Engelbart|100x145](https://x.org/e.jpg)", `<img src="https://x.org/e.jpg" alt="Engelbart" width="100" height="145">`},
		{"![|600](https://x.org/a.jpg)", `<img src="https://x.org/a.jpg" alt="" width="600">`},
		{"![a|b](https://x.org/a.jpg)", `<img src="https://x.org/a.jpg" alt="a|b">`},
		{"![Map](https://x.org/m.jpg)", `<img src="https://x.org/m.jpg" alt="Map">`},
	}
	for _, tt := range tests {
		out, _, problems := convert(t, Options{Obsidian: true}, tt.src, Page{File: "page.md", Links: fakeVault{}})
		if !strings.Contains(out, tt.want) || len(problems) > 0 {
			t.Errorf("%s:\ngot  %s (problems %q)\nwant %s", tt.src, out, problems, tt.want)
		}
	}
	out, _, _ := convert(t, Options{}, "![|600](https://x.org/a.jpg)", Page{File: "page.md", Links: fakeVault{}})
	if !strings.Contains(out, `alt="|600"`) {
		t.Errorf("without Obsidian: %s, want the alt text kept", out)
	}
}
