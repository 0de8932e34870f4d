package site

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// fakeHandler renders ```fake blocks, flags the page and asks for a script.
func fakeHandler() markup.BlockHandler {
	return markup.BlockHandlerFunc(func(b *markup.Block) (string, error) {
		if len(b.Args) > 0 && b.Args[0] == "fail" {
			return "", errors.New("fake failure")
		}
		if len(b.Args) > 0 && b.Args[0] == "failbody" {
			return "", &markup.BlockError{Line: 2, Col: 3, Err: errors.New("bad second line")}
		}
		b.SetFlag("fake")
		b.AddScript("js/fake.js")
		if len(b.Args) > 0 && b.Args[0] == "missing-asset" {
			b.AddScript("js/nope.js")
		}
		return fmt.Sprintf(`<div class="fake" data-args="%s" data-file="%s" data-line="%d" data-col="%d" data-page="%s">%s</div>`,
			html.EscapeString(strings.Join(b.Args, " ")), b.File, b.Line, b.Col, b.PageURL, html.EscapeString(b.Body)), nil
	})
}

// writeTree creates a site from files (path -> content) in a temporary
// directory, adding a site.toml and static/css/site.css unless given.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	defaults := map[string]string{
		"site.toml":           "title = \"Test\"\nbaseURL = \"https://example.org/\"\n",
		"static/css/site.css": "body{}\n",
		"static/js/fake.js":   "//\n",
		"content/_index.md":   "---\ntitle: Home\n---\n",
	}
	for name, body := range defaults {
		if _, ok := files[name]; !ok {
			files[name] = body
		}
	}
	for name, body := range files {
		if body == "\x00" { // a marker to leave the default out
			delete(files, name)
		}
	}
	sitetest.WriteFiles(t, dir, files)
	return dir
}

func build(t *testing.T, src string, opts content.Options) (Result, error) {
	t.Helper()
	opts.Source = src
	if opts.Dest == "" {
		opts.Dest = filepath.Join(src, "public")
	}
	if opts.Handlers == nil {
		opts.Handlers = map[string]markup.BlockHandler{"fake": fakeHandler()}
	}
	if opts.CacheDir == "" {
		opts.CacheDir = t.TempDir()
	}
	res, err := Build(context.Background(), opts)
	if res.Cleanup != nil {
		res.Cleanup() // as sitegen build does before it exits
	}
	return res, err
}

// readTree returns every file under dir, by slash path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// published checks that every output path of has is in files (readTree's)
// and contains its string. A key may end in sep and anything after it
// ("#x", "\x00"), to check one file for a second string; sep "" keeps
// keys whole.
func published(t *testing.T, files, has map[string]string, sep string) {
	t.Helper()
	for p, want := range has {
		if sep != "" {
			p, _, _ = strings.Cut(p, sep)
		}
		if got, ok := files[p]; !ok {
			t.Errorf("%s not published", p)
		} else if !strings.Contains(got, want) {
			t.Errorf("%s does not contain %q", p, want)
		}
	}
}

// timeRE matches the page's "last updated" date.
var timeRE = regexp.MustCompile(`<time datetime="[^"]*">[^<]*</time>`)

// TestGolden builds testdata/site and compares every output file with
// testdata/golden. Run with UPDATE_GOLDEN=1 to accept new output.
func TestGolden(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	res, err := Build(context.Background(), content.Options{
		Source:   filepath.Join("testdata", "site"),
		Dest:     dest,
		CacheDir: "-", // the output must not depend on the user's cache
		Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()},
	})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	if res.Pages != 8 {
		t.Errorf("Pages = %d, want 8 (home, 2 sections, 1 synthesized section, 4 pages)", res.Pages)
	}
	got := readTree(t, dest)
	for name, body := range got {
		// "Last updated" comes from git or the file time, which depend
		// on the checkout, not on the build.
		got[name] = timeRE.ReplaceAllString(body, `<time datetime="DATE">DATE</time>`)
	}
	golden := filepath.Join("testdata", "golden")
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.RemoveAll(golden); err != nil {
			t.Fatal(err)
		}
		for name, body := range got {
			if err := assets.WriteFile(golden, name, []byte(body)); err != nil {
				t.Fatal(err)
			}
		}
		t.Log("golden files updated")
		return
	}
	want := readTree(t, golden)
	// The search index's compressed files are compared inflated: their
	// bytes depend on the compression level and the Go release.
	for _, tree := range []map[string]string{got, want} {
		for name, body := range tree {
			if strings.HasPrefix(name, "search/") && strings.HasSuffix(name, ".gz") {
				b, err := gunzipBytes([]byte(body))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				tree[name] = string(b)
			}
		}
	}
	names := func(m map[string]string) []string {
		var s []string
		for k := range m {
			s = append(s, k)
		}
		slices.Sort(s)
		return s
	}
	if g, w := names(got), names(want); !slices.Equal(g, w) {
		t.Fatalf("output files differ:\n got %q\nwant %q", g, w)
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s differs from golden (UPDATE_GOLDEN=1 go test ./cmd/sitegen/internal/site to accept):\n--- got\n%s\n--- want\n%s", name, got[name], w)
		}
	}
}

// TestRenderFeatures spells out what the golden files contain.
func TestRenderFeatures(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := Build(context.Background(), content.Options{
		Source: filepath.Join("testdata", "site"), Dest: dest,
		Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()},
	}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dest)
	first := out["alpha/first/index.html"]
	tests := []struct {
		name, file, want string
	}{
		{"table with alignment", "alpha/first/index.html", `<th style="text-align:right">Roll</th>`},
		{"footnote", "alpha/first/index.html", `class="footnote-ref"`},
		{"typographer quotes", "alpha/first/index.html", "&ldquo;quoted&rdquo;"},
		{"typographer dashes", "alpha/first/index.html", "&ndash; with dashes&hellip;"},
		{"definition list", "alpha/first/index.html", "<dt>Wild Die</dt>"},
		{"task list", "alpha/first/index.html", `<input checked="" disabled="" type="checkbox"`},
		{"strikethrough", "alpha/first/index.html", "<del>struck</del>"},
		{"autolink", "alpha/first/index.html", `<a href="https://example.com/auto">`},
		{"heading id and anchor", "alpha/first/index.html", `<h2 id="the-first-rule">The first rule <a class="anchor" href="#the-first-rule" aria-label="Link to this section">#</a></h2>`},
		{"custom heading id", "alpha/first/index.html", `<h2 id="custom-id">Links`},
		{"toc", "alpha/first/index.html", `<a href="#the-first-rule">The first rule</a> <ol><li><a href="#a-detail">A detail</a>`},
		{"raw html sanitized", "alpha/first/index.html", `<div class="raw">raw HTML is kept where it is safe</div>`},
		{"same-page link kept", "alpha/first/index.html", `<a href="#the-first-rule">same page link</a>`},
		{"md link rewritten under base path", "alpha/first/index.html", `<a href="/docs/alpha/second/">sibling</a>`},
		{"md link with anchor", "alpha/first/index.html", `<a href="/docs/alpha/deep/third/#deep-heading">deep link</a>`},
		{"section link", "alpha/first/index.html", `<a href="/docs/beta/">section</a>`},
		{"external .md link untouched", "alpha/first/index.html", `<a href="https://example.com/x.md">external</a>`},
		{"unknown info word is a code block", "alpha/first/index.html", `<pre><code class="language-go">`},
		{"handler output", "alpha/first/index.html", `<div class="fake" data-args="one two" data-file="content/alpha/first.md" data-line="39" data-col="1" data-page="/docs/alpha/first/">body line 1`},
		{"handler flag reaches template", "alpha/first/index.html", `<body class="kind-page has-fake" data-previews="1" `},
		{"handler script with hashed name", "alpha/first/index.html", `<script src="/docs/js/fake.`},
		{"hashed stylesheet", "alpha/first/index.html", `<link rel="stylesheet" href="/docs/css/site.`},
		{"canonical", "alpha/first/index.html", `<link rel="canonical" href="https://example.org/docs/alpha/first/">`},
		{"breadcrumbs", "alpha/first/index.html", `<li><a href="/docs/">Golden Site</a></li><li><a href="/docs/alpha/">Alpha</a></li><li><span aria-current="page">First Page</span>`},
		{"previous", "alpha/first/index.html", `<a class="prev" rel="prev" href="/docs/alpha/">`},
		{"next", "alpha/first/index.html", `<a class="next" rel="next" href="/docs/alpha/second/">`},
		{"nav marks current", "alpha/first/index.html", `<a href="/docs/alpha/first/" aria-current="page">First Page</a>`},
		{"landmarks and skip link", "alpha/first/index.html", `<a class="skip-link" href="#main">`},
		{"lang", "alpha/first/index.html", `<html lang="en-GB">`},
		{"section lists children", "alpha/index.html", `<a href="/docs/alpha/first/">First Page</a> <p>Every Markdown feature the engine turns on.</p>`},
		{"synthesized section", "alpha/deep/index.html", `<h1>Deep</h1>`},
		{"slugified file name", "beta/page-name/index.html", `<h1>Spaced Name</h1>`},
		{"page without handler blocks has no script", "alpha/second/index.html", `<body class="kind-page" data-previews="1" `},
		// A redirect goes to the page on the host the site is read on, never
		// to the base URL's (a placeholder example.org: issue 34, item 11).
		{"alias redirect", "old/first/index.html", `<meta http-equiv="refresh" content="0; url=/docs/alpha/first/">`},
		{"alias canonical", "old/first/index.html", `<link rel="canonical" href="https://example.org/docs/alpha/first/">`},
		{"sitemap", "sitemap.xml", "<loc>https://example.org/docs/alpha/deep/third/</loc>"},
		{"404", "404.html", "<h1>Page not found</h1>"},
		{"static copied unhashed", "img/logo.png", "not really a png\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := out[tt.file]
			if !ok {
				t.Fatalf("%s not written", tt.file)
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("%s does not contain %q", tt.file, tt.want)
			}
		})
	}
	if strings.Contains(first, "steal()") {
		t.Error("an event handler in raw HTML leaked through with unsafe off")
	}
	for name := range out {
		if strings.Contains(name, "hidden") {
			t.Errorf("draft page written: %s", name)
		}
	}
	if strings.Contains(out["sitemap.xml"], "hidden") {
		t.Error("draft page in sitemap")
	}
}

func TestDraftsAndUnsafe(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"site.toml":     "title = \"T\"\n[markup.goldmark.renderer]\nunsafe = true\n",
		"content/a.md":  "---\ntitle: A\n---\n\n<div class=\"kept\">raw</div>\n\nSee [b](b.md).\n",
		"content/b.md":  "---\ntitle: B\ndraft: true\n---\n",
		"content/c.md":  "+++\ntitle = \"C\"\ndraft = true\n+++\n",
		"content/_x.md": "---\ntitle: Underscore\n---\n",
	})
	// A link to a draft is a warning, and the link is its text (issue 31).
	res, err := build(t, dir, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "content/a.md:7:5: unpublished link \"b.md\": content/b.md is not published (draft: true): the link is shown as text"; len(res.WarningList) != 1 || res.WarningList[0].String() != want {
		t.Fatalf("warnings %v, want %q", res.WarningList, want)
	}
	if a := readTree(t, filepath.Join(dir, "public"))["a/index.html"]; !strings.Contains(a, "See b.</p>") {
		t.Errorf("the link to the draft is not its text: %s", a)
	}
	res, err = build(t, dir, content.Options{Drafts: true})
	if err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(dir, "public"))
	if res.Pages != 5 {
		t.Errorf("Pages = %d, want 5", res.Pages)
	}
	if !strings.Contains(out["a/index.html"], `<div class="kept">raw</div>`) {
		t.Error("raw HTML not kept with unsafe = true")
	}
	if _, ok := out["b/index.html"]; !ok {
		t.Error("draft not built with Drafts")
	}
}

// TestErrors checks every error path: each case is a small site and the
// exact list of diagnostics it must produce.
func TestErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{
			name:  "bad YAML",
			files: map[string]string{"content/a.md": "---\ntitle: A\nweight: a: b\n---\n"},
			want:  []string{"content/a.md:3:1: front matter: mapping values are not allowed in this context"},
		},
		{
			name:  "bad TOML",
			files: map[string]string{"content/a.md": "+++\ntitle = \"A\"\nweight = \n+++\n"},
			want:  []string{"content/a.md:3:10: front matter: expected value but found '\\n' instead"},
		},
		{
			name:  "wrong field types",
			files: map[string]string{"content/a.md": "---\ntitle: 12\ndescription: [x]\nweight: heavy\ndraft: maybe\naliases: /x/\n---\n"},
			want: []string{
				"content/a.md:2:1: title: must be a string, not an integer",
				"content/a.md:3:1: description: must be a string, not a list",
				"content/a.md:4:1: weight: must be an integer, not a string",
				"content/a.md:5:1: draft: must be true or false, not a string",
				"content/a.md:6:1: aliases: must be a list of strings, not a string",
			},
		},
		{
			name:  "empty title",
			files: map[string]string{"content/a.md": "+++\ntitle = \"  \"\n+++\n"},
			want:  []string{"content/a.md:2:1: title: must not be empty"},
		},
		{
			// evaluate2 F4: Go's "cannot unmarshal !!seq into
			// map[string]interface {}" said in an editor's words, for
			// each kind of top level that is not fields (key: value).
			name: "front matter not fields",
			files: map[string]string{
				"content/a.md": "---\n- place\n- other\n---\n",
				"content/b.md": "---\nJust a note\n---\n",
				"content/c.md": "---\n  12\n---\n",
			},
			want: []string{
				"content/a.md:2:1: the front matter is a list (- place …), not fields (key: value)",
				"content/b.md:2:1: the front matter is a text (Just a note …), not fields (key: value)",
				"content/c.md:2:3: the front matter is a number (12 …), not fields (key: value)",
			},
		},
		{
			name:  "unclosed front matter",
			files: map[string]string{"content/a.md": "---\ntitle: A\n\nBody.\n"},
			want:  []string{`content/a.md:1:1: front matter is not closed: no line "---" after the opening one`},
		},
		{
			name: "broken link",
			files: map[string]string{
				"content/a.md": "---\ntitle: A\n---\n\nText and [a link](missing.md) here.\n",
			},
			want: []string{`content/a.md:5:10: broken link "missing.md": content/missing.md does not exist`},
		},
		{
			name: "missing anchor in another page",
			files: map[string]string{
				"content/a.md":        "---\ntitle: A\n---\n\n- item [wild](sys/dice.md#the-wild-die)\n",
				"content/sys/dice.md": "---\ntitle: Dice\n---\n\n## The Wild Dice\n",
			},
			want: []string{`content/a.md:5:8: broken link "sys/dice.md#the-wild-die": no heading with id "the-wild-die" in content/sys/dice.md`},
		},
		{
			name:  "missing anchor on the same page",
			files: map[string]string{"content/a.md": "---\ntitle: A\n---\n\n## Real\n\n[x](#unreal)\n"},
			want:  []string{`content/a.md:7:1: broken link "#unreal": no heading with id "unreal" on this page`},
		},
		{
			name:  "link outside content",
			files: map[string]string{"content/a.md": "---\ntitle: A\n---\n\n[x](../README.md)\n"},
			want:  []string{`content/a.md:5:1: broken link "../README.md": points outside content/`},
		},
		{
			name: "duplicate URL from file and section",
			files: map[string]string{
				"content/combat.md":        "---\ntitle: Combat\n---\n",
				"content/combat/_index.md": "---\ntitle: Combat section\n---\n",
			},
			want: []string{"content/combat/_index.md:1:1: duplicate URL /combat/: also produced by content/combat.md"},
		},
		{
			name: "duplicate URL from case",
			files: map[string]string{
				"content/Combat.md": "---\ntitle: Combat\n---\n",
				"content/combat.md": "---\ntitle: combat\n---\n",
			},
			want: []string{"content/combat.md:1:1: duplicate URL /combat/: also produced by content/Combat.md"},
		},
		{
			name: "folder note beside a folder with an index page",
			files: map[string]string{
				"content/rules.md":        "---\ntitle: Rules\n---\n",
				"content/rules/_index.md": "---\ntitle: Rules\n---\n",
			},
			want: []string{"content/rules/_index.md:1:1: duplicate URL /rules/: also produced by content/rules.md"},
		},
		{
			name: "duplicate URL from alias",
			files: map[string]string{
				"content/a.md": "---\ntitle: A\n---\n",
				"content/b.md": "---\ntitle: B\naliases:\n  - /a/\n---\n",
			},
			want: []string{"content/b.md:3:1: aliases: duplicate URL /a/: also produced by content/a.md"},
		},
		{
			name:  "bad site.toml syntax",
			files: map[string]string{"site.toml": "title = \"T\"\nbaseURL = \n"},
			want:  []string{"site.toml:2:11: expected value but found '\\n' instead"},
		},
		{
			name:  "bad site.toml values",
			files: map[string]string{"site.toml": "title = 3\nbaseURL = \"ftp://x/\"\ntheme = \"dark\"\n"},
			want: []string{
				"site.toml:1:1: title: must be a string, not an integer",
				`site.toml:2:1: baseURL: "ftp://x/" must be an absolute http(s) URL or a path starting with /`,
				"site.toml:3:1: theme: unknown setting (known here: title, baseURL, languageCode, editURL, copyright, markup, params, urlUnderscores, metaLines, brokenLinks, obsidian, backlinks, linkPreviews)",
			},
		},
		{
			name:  "misspelled nested key in site.toml",
			files: map[string]string{"site.toml": "title = \"T\"\n# unsfe = true would be a comment\n\n[markup.goldmark.renderer]\n  unsfe = true\n"},
			want:  []string{"site.toml:5:3: markup.goldmark.renderer.unsfe: unknown setting (known in [markup.goldmark.renderer]: unsafe)"},
		},
		{
			name:  "misspelled table in site.toml",
			files: map[string]string{"site.toml": "title = \"T\"\n[markup.goldmark.rendrer]\nunsafe = true\n"},
			want:  []string{"site.toml:2:1: markup.goldmark.rendrer: unknown setting (known in [markup.goldmark]: renderer)"},
		},
		{
			name:  "dotted key and wrong type deep in site.toml",
			files: map[string]string{"site.toml": "title = \"T\"\n[markup]\ngoldmark.renderer.unsafe = \"yes\"\ngoldmark.parser = 1\n"},
			want: []string{
				"site.toml:3:1: markup.goldmark.renderer.unsafe: must be true or false, not a string",
				"site.toml:4:1: markup.goldmark.parser: unknown setting (known in [markup.goldmark]: renderer)",
			},
		},
		{
			name:  "missing stylesheet",
			files: map[string]string{"static/css/site.css": "\x00"},
			want:  []string{"static/css/site.css: missing: the page layout needs it"},
		},
		{
			name:  "static file over a page",
			files: map[string]string{"content/a.md": "---\ntitle: A\n---\n", "static/a/index.html": "x"},
			want:  []string{"static/a/index.html: conflicts with a generated page at /a/index.html"},
		},
		{
			name:  "handler error",
			files: map[string]string{"content/a.md": "---\ntitle: A\n---\n\n  ```fake fail\n  x\n  ```\n"},
			want:  []string{"content/a.md:5:3: fake block: fake failure"},
		},
		{
			name:  "handler error inside the body",
			files: map[string]string{"content/a.md": "---\ntitle: A\n---\n\n~~~fake failbody\nx\ny\n~~~\n"},
			want:  []string{"content/a.md:7:3: fake block: bad second line"},
		},
		{
			name:  "handler asks for a missing asset",
			files: map[string]string{"content/a.md": "---\ntitle: A\n---\n\n```fake missing-asset\n```\n"},
			want:  []string{`content/a.md:5:1: fake block: asset "js/nope.js" not found in static/`},
		},
		{
			name: "every error of every file is listed",
			files: map[string]string{
				"content/a.md":   "---\ntitle: A\n---\n\n[one](gone.md) and [two](#nowhere)\n",
				"content/b/c.md": "---\ntitle: [C\n---\n",
				"content/d.md":   "---\ntitle: D\n---\n\n```fake fail\n```\n\n[three](../a.md#nope)\n",
			},
			want: []string{
				`content/a.md:5:1: broken link "gone.md": content/gone.md does not exist`,
				`content/a.md:5:20: broken link "#nowhere": no heading with id "nowhere" on this page`,
				"content/b/c.md:2:1: front matter: did not find expected ',' or ']'",
				"content/d.md:5:1: fake block: fake failure",
				`content/d.md:8:1: broken link "../a.md#nope": points outside content/`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, tt.files)
			res, err := build(t, dir, content.Options{})
			var diags content.Diagnostics
			if !errors.As(err, &diags) {
				t.Fatalf("err = %v, want Diagnostics", err)
			}
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("diagnostics:\n got %q\nwant %q", got, tt.want)
			}
			if !slices.Equal(res.Errors, diags) {
				t.Errorf("Result.Errors = %v, want the returned diagnostics", res.Errors)
			}
			if _, err := os.Stat(filepath.Join(dir, "public")); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a failed first build created public/ (stat err %v)", err)
			}
			leftovers, _ := filepath.Glob(filepath.Join(dir, ".public.*"))
			if len(leftovers) > 0 {
				t.Errorf("staging left behind: %v", leftovers)
			}
		})
	}
}

// TestFailedBuildKeepsOldOutput checks that a failing build leaves the
// previous output exactly as it was, and a good one replaces it.
func TestFailedBuildKeepsOldOutput(t *testing.T) {
	dir := writeTree(t, map[string]string{"content/a.md": "---\ntitle: Version one\n---\n"})
	dest := filepath.Join(dir, "public")
	if _, err := build(t, dir, content.Options{}); err != nil {
		t.Fatal(err)
	}
	before := readTree(t, dest)
	if !strings.Contains(before["a/index.html"], "Version one") {
		t.Fatal("first build did not write the page")
	}

	bad := "---\ntitle: Version two\n---\n\n[broken](nowhere.md)\n"
	if err := os.WriteFile(filepath.Join(dir, "content", "a.md"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, dir, content.Options{}); err == nil {
		t.Fatal("build with a broken link succeeded")
	}
	if after := readTree(t, dest); !mapsEqual(before, after) {
		t.Error("failed build changed public/")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".public.*")); len(left) > 0 {
		t.Errorf("staging left behind: %v", left)
	}

	good := "---\ntitle: Version three\n---\n"
	if err := os.WriteFile(filepath.Join(dir, "content", "a.md"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dest, "stale.txt"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, dir, content.Options{}); err != nil {
		t.Fatal(err)
	}
	after := readTree(t, dest)
	if !strings.Contains(after["a/index.html"], "Version three") {
		t.Error("good build did not replace the page")
	}
	if _, ok := after["stale.txt"]; ok {
		t.Error("files of the previous build survived the swap")
	}
	// The replaced output is kept as the spare of the next build, and
	// nothing else is left beside public/.
	left, _ := filepath.Glob(filepath.Join(dir, ".public.*"))
	if want := []string{SparePath(dest)}; !slices.Equal(left, want) {
		t.Errorf("beside public/: %v, want only the spare %v", left, want)
	}
	if _, err := os.Stat(filepath.Join(SparePath(dest), content.OutputMarker)); err != nil {
		t.Errorf("spare output has no marker: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(SparePath(dest), ".gitignore")); err != nil || !strings.Contains(string(b), "\n*\n") {
		t.Errorf("spare output is not ignored by Git: %q, %v", b, err)
	}
	if _, ok := after[".gitignore"]; ok {
		t.Error("the spare's .gitignore was published")
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestWorkersDeterministic checks that the output does not depend on the
// number of workers.
func TestWorkersDeterministic(t *testing.T) {
	var outs []map[string]string
	for _, workers := range []int{1, 4} {
		dest := filepath.Join(t.TempDir(), "public")
		if _, err := Build(context.Background(), content.Options{
			Source: filepath.Join("testdata", "site"), Dest: dest, Workers: workers,
			Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()},
		}); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, readTree(t, dest))
	}
	if !mapsEqual(outs[0], outs[1]) {
		t.Error("output differs between 1 and 4 workers")
	}
}

func TestDestinationGuard(t *testing.T) {
	dir := writeTree(t, map[string]string{})
	tests := []struct{ name, dest string }{
		{"source itself", dir},
		{"parent of source", filepath.Dir(dir)},
		{"inside content", filepath.Join(dir, "content", "out")},
		{"inside static", filepath.Join(dir, "static", "out")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := build(t, dir, content.Options{Dest: tt.dest}); err == nil || !strings.Contains(err.Error(), "choose another --dest") {
				t.Errorf("err = %v, want a refusal", err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "content", "_index.md")); err != nil {
		t.Errorf("source damaged: %v", err)
	}
	// Not even --replace-dest replaces the source's repository (.git) or
	// another hidden folder of it (.obsidian), nor the user's home folder:
	// a swap would destroy them. (The output in a hidden folder's
	// sub-folder, VitePress' .vitepress/dist, stays allowed.) Found by the
	// fifth probe: --dest SOURCE/.git --replace-dest replaced the
	// repository; --dest ~ --replace-dest the home folder.
	home := t.TempDir()
	t.Setenv("HOME", home)
	sitetest.WriteFiles(t, dir, map[string]string{".git/config": "[core]\n", ".obsidian/app.json": "{}"})
	for _, dest := range []string{filepath.Join(dir, ".git"), filepath.Join(dir, ".git", "hooks"), filepath.Join(dir, ".obsidian"), home} {
		if _, err := build(t, dir, content.Options{Dest: dest, ReplaceDest: true}); err == nil || !strings.Contains(err.Error(), "choose another --dest") {
			t.Errorf("--dest %s --replace-dest: err = %v, want a refusal", dest, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".git", "config")); err != nil {
		t.Errorf(".git damaged: %v", err)
	}
	if _, err := build(t, dir, content.Options{Dest: filepath.Join(dir, ".vitepress", "dist")}); err != nil {
		t.Errorf("--dest .vitepress/dist: %v", err)
	}
}

func TestCancelledBuild(t *testing.T) {
	dir := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Build(ctx, content.Options{Source: dir})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "public")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("cancelled build published output")
	}
}

func TestBaseURLOverride(t *testing.T) {
	dir := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n"})
	if _, err := build(t, dir, content.Options{BaseURL: "http://127.0.0.1:1313"}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(dir, "public"))
	if !strings.Contains(out["a/index.html"], `<link rel="canonical" href="http://127.0.0.1:1313/a/">`) {
		t.Error("base URL override not used for canonical URL")
	}
	if _, err := build(t, dir, content.Options{BaseURL: "mailto:x"}); err == nil || !strings.Contains(err.Error(), "--base-url: ") {
		t.Errorf("bad --base-url: err = %v", err)
	}
}

func TestOrdering(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"content/b.md":        "---\ntitle: Bravo\nweight: 2\n---\n",
		"content/a.md":        "---\ntitle: Alpha\nweight: 3\n---\n",
		"content/z.md":        "---\ntitle: Zulu\n---\n",
		"content/y.md":        "---\ntitle: Yankee\n---\n",
		"content/s/_index.md": "---\ntitle: Section\nweight: 1\n---\n",
		"content/s/page.md":   "---\ntitle: In section\n---\n",
	})
	s, err := Load(context.Background(), content.Options{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, p := range s.Pages {
		order = append(order, p.Title)
	}
	want := []string{"Home", "Section", "In section", "Bravo", "Alpha", "Yankee", "Zulu"}
	if !slices.Equal(order, want) {
		t.Errorf("reading order = %q, want %q", order, want)
	}
	if s.Pages[1].Prev != nil || s.Pages[len(s.Pages)-1].Next != nil {
		t.Error("first page has a previous or last page has a next")
	}
	if s.Pages[3].Prev.Title != "In section" || s.Pages[3].Next.Title != "Alpha" {
		t.Error("prev/next do not follow reading order")
	}
}

func TestFrontMatterSpan(t *testing.T) {
	tests := []struct {
		name       string
		src        string
		body       string
		ok, closed bool
	}{
		{"yaml", "---\na: 1\n---\nbody", "a: 1\n", true, true},
		{"toml", "+++\na = 1\n+++\n", "a = 1\n", true, true},
		{"crlf", "---\r\na: 1\r\n---\r\n", "a: 1\r\n", true, true},
		{"longer delimiter", "-----\na: 1\n-----\n", "a: 1\n", true, true},
		{"empty", "---\n---\n", "", true, true},
		{"none", "# Title\n", "", false, false},
		{"thematic break is not two chars", "--\n", "", false, false},
		{"unclosed", "---\na: 1\n", "a: 1\n", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start, end, ok, closed := content.FrontMatterSpan([]byte(tt.src))
			if ok != tt.ok || closed != tt.closed {
				t.Fatalf("ok, closed = %v, %v; want %v, %v", ok, closed, tt.ok, tt.closed)
			}
			if ok && tt.src[start:end] != tt.body {
				t.Errorf("body = %q, want %q", tt.src[start:end], tt.body)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		rel, path string
	}{
		{"_index.md", "/"},
		{"opend6/_index.md", "/opend6/"},
		{"opend6/combat.md", "/opend6/combat/"},
		{"Legal Stuff/OGL_Text.md", "/legal-stuff/ogl_text/"},
		{"top.md", "/top/"},
	}
	for _, tt := range tests {
		if _, got := (&content.Config{}).Classify(tt.rel); got != tt.path {
			t.Errorf("classify(%q) = %q, want %q", tt.rel, got, tt.path)
		}
	}
}

// TestMkDocsNavReadingOrder: MkDocs' nav: "is used to determine the format
// and layout of the global navigation for the site"
// (https://www.mkdocs.org/user-guide/configuration/#nav), previous and
// next included: the home page is where nav: lists it, and "Any pages not
// listed in your navigation configuration ... will not be included in the
// previous and next links".
func TestMkDocsNavReadingOrder(t *testing.T) {
	tests := []struct {
		name, nav string
		want      []string // each page of the reading order: previous < page > next
	}{
		{"home first", "  - Home: index.md\n  - Alpha: a.md\n  - b.md\n",
			[]string{" < Home > Alpha", "Home < Alpha > B", "Alpha < B > "}},
		{"home second", "  - Alpha: a.md\n  - Home: index.md\n  - b.md\n",
			[]string{" < Alpha > Home", "Alpha < Home > B", "Home < B > "}},
		{"home last", "  - b.md\n  - Alpha: a.md\n  - Home: index.md\n",
			[]string{" < B > Alpha", "B < Alpha > Home", "Alpha < Home > "}},
		{"home in a section", "  - b.md\n  - Part:\n    - Home: index.md\n    - Alpha: a.md\n",
			[]string{" < B > Home", "B < Home > Alpha", "Home < Alpha > "}},
		{"home omitted", "  - b.md\n  - Alpha: a.md\n",
			[]string{" < B > Alpha", "B < Alpha > "}},
	}
	title := func(p *content.Page) string {
		if p == nil {
			return ""
		}
		return p.Title
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{
				"mkdocs.yml":    "site_name: M\nnav:\n" + tt.nav,
				"docs/index.md": "# Home\n",
				"docs/a.md":     "# A\n",
				"docs/b.md":     "# B\n",
			})
			s, err := Load(context.Background(), content.Options{Source: dir})
			if err != nil {
				t.Fatal(err)
			}
			var first *content.Page
			for _, p := range s.Pages {
				if p.Prev == nil && p.Next != nil {
					first = p
				}
			}
			var got []string
			for p := first; p != nil && len(got) <= len(s.Pages); p = p.Next {
				got = append(got, title(p.Prev)+" < "+p.Title+" > "+title(p.Next))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("reading order = %q, want %q", got, tt.want)
			}
		})
	}
}
