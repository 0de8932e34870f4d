package site

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestHostileInputs builds a good site, then breaks it in one of many ways
// an editor (or a hostile contributor) might, and checks what every
// failing build must do: return Diagnostics (no panic, no bare error),
// each naming a file of the source with a line and column, and leave the
// previous output byte for byte as it was. Cases that must build are
// marked ok; they must not change anything they were not asked to.
func TestHostileInputs(t *testing.T) {
	long := strings.Repeat("word ", 200_000) // a 1 MB line
	deep := strings.Repeat("> ", 500) + "deep quote\n"
	tomlBomb := strings.Repeat("{a = ", 10_000) + "1" + strings.Repeat("}", 10_000) // 60 KB
	embedFanOut, embedChain := map[string]string{}, map[string]string{}
	for i := range 6 {
		embedFanOut[fmt.Sprintf("content/N%d.md", i)] = "# N\n\n" + strings.Repeat(fmt.Sprintf("![[N%d]]\n\n", i+1), 10) + strings.Repeat("Some text. ", 60) + "\n"
	}
	for i := range 1000 {
		embedChain[fmt.Sprintf("content/C%d.md", i)] = fmt.Sprintf("# C%d\n\n![[C%d]]\n", i, i+1)
	}
	embedChain["content/C1000.md"] = "# End\n"
	nested := func(depth int) string {
		var b strings.Builder
		for i := range depth {
			b.WriteString(strings.Repeat("  ", i) + "- item\n")
		}
		return b.String()
	}
	tests := []struct {
		name  string
		files map[string]string // written over the good site; "\x00" removes a file
		setup func(t *testing.T, src string)
		ok    bool   // the build must succeed
		file  string // the file the first error must name ("" = any source file)
	}{
		{name: "empty front matter", files: map[string]string{"content/a.md": "---\n---\n"}, ok: true}, // title from the file name
		{name: "unclosed YAML front matter", files: map[string]string{"content/a.md": "---\ntitle: A\n"}, file: "content/a.md"},
		{name: "unclosed TOML front matter", files: map[string]string{"content/a.md": "+++\ntitle = \"A\"\n"}, file: "content/a.md"},
		{name: "YAML tab indent", files: map[string]string{"content/a.md": "---\ntitle: A\n\tweight: 1\n---\n"}, file: "content/a.md"},
		{name: "YAML anchors bomb", files: map[string]string{"content/a.md": "---\ntitle: A\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n---\n"}, file: "content/a.md"},
		{name: "title is a map", files: map[string]string{"content/a.md": "---\ntitle: {x: 1}\n---\n"}, file: "content/a.md"},
		{name: "weight is huge", files: map[string]string{"content/a.md": "---\ntitle: A\nweight: 99999999999999999999999\n---\n"}, file: "content/a.md"},
		{name: "alias to the home page", files: map[string]string{"content/a.md": "---\ntitle: A\naliases: [/]\n---\n"}, file: "content/a.md"},
		{name: "alias with ..", files: map[string]string{"content/a.md": "---\ntitle: A\naliases: [/../../etc/]\n---\n"}, file: "content/a.md:3:1: aliases: "}, // issue 31: refused, not cleaned
		{name: "alias not a path", files: map[string]string{"content/a.md": "---\ntitle: A\naliases: [http://evil.example/]\n---\n"}, ok: true},                // a warning: no redirect made
		{name: "link outside content", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n[x](../../etc/passwd.md)\n"}, file: "content/a.md"},
		{name: "link to a missing page", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n[x](nope.md)\n"}, file: "content/a.md"},
		{name: "link to a missing anchor", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n[x](b.md#nope)\n"}, file: "content/a.md"},
		{name: "percent-encoded link outside", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n[x](%2e%2e/%2e%2e/x.md)\n"}, file: "content/a.md"},
		{name: "javascript link", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n[x](javascript:alert(1))\n"}, ok: true},
		{name: "raw script in safe mode", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n<script>alert(1)</script>\n"}, ok: true},
		{name: "duplicate heading ids", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n## X {#same}\n## Y {#same}\n"}, ok: true}, // goldmark keeps both; links reach the first
		{name: "two pages one URL", files: map[string]string{"content/c.md": "---\ntitle: C\n---\n", "content/c/_index.md": "---\ntitle: C\n---\n"}, file: "content/c"},
		{name: "invalid UTF-8", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n\xc3\x28\n"}, file: "content/a.md"},
		{name: "NUL bytes", files: map[string]string{"content/a.md": "---\ntitle: A\n---\nx\x00y\n"}, ok: true},
		{name: "BOM and CRLF", files: map[string]string{"content/a.md": "\ufeff---\r\ntitle: A\r\n---\r\n\r\n## H\r\n"}, ok: true},
		{name: "CR only line ends", files: map[string]string{"content/a.md": "---\rtitle: A\r---\r"}, ok: true}, // one line of text, titled from the file name
		// A block of text stops at MaxBlockBytes (goldmark's time grows with
		// the square of some blocks' length): an error at its first line.
		{name: "a 1 MB line", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n" + long}, file: "content/a.md:4:1: long paragraph: the text from this line to line 4 has no blank line"},
		{name: "80 KB of link definitions", files: map[string]string{"content/a.md": "# A\n\n" + strings.Repeat("[a]: /x\n", 10_000)}, file: "content/a.md:3:1: long paragraph: the text from this line to line"},
		{name: "80 KB of footnote marks in a quote", files: map[string]string{"content/a.md": "# A\n\n" + strings.Repeat("> [^1]\n", 12_000)}, file: "content/a.md:3:1:"},
		{name: "unclosed links", files: map[string]string{"content/a.md": "# A\n\n" + strings.Repeat("[a](", 20_000)}, file: "content/a.md:3:1:"},
		{name: "64 KB paragraphs, blank lines between", files: map[string]string{"content/a.md": "# A\n\n" + strings.Repeat(strings.Repeat("word ", 12_000)+"\n\n", 20)}, ok: true},
		{name: "a 600 KB table", files: map[string]string{"content/a.md": "# A\n\n| a | b |\n|---|---|\n" + strings.Repeat("| some item of a long list | 500 gp |\n", 16_000)}, ok: true},
		{name: "a list of 5,000 items", files: map[string]string{"content/a.md": "# A\n\n" + "<a id=\"a\"></a>\n\n" + strings.Repeat("- [a spell](#a) and a few words\n  that go on\n", 5_000)}, ok: true},
		{name: "a 200 KB fenced block", files: map[string]string{"content/a.md": "# A\n\n> ```text\n" + strings.Repeat("> code line\n", 20_000) + "> ```\n"}, ok: true},
		// Issue 22: nesting stops at markup.MaxNesting, with an error at
		// the first line past it; a page stops at MaxPageBytes.
		{name: "100 nested quotes", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n" + strings.Repeat("> ", 100) + "deep quote\n"}, ok: true},
		{name: "500 nested quotes", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n" + deep}, file: "content/a.md:4:"},
		{name: "100 nested lists", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n" + nested(100)}, ok: true},
		{name: "300 nested lists", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n" + nested(300)}, file: "content/a.md:104:"},
		{name: "page of 10 MB", files: map[string]string{"content/a.md": "# A\n" + strings.Repeat(strings.Repeat("word ", 999)+"word\n\n", (content.MaxPageBytes-4)/5001)}, ok: true},
		{name: "page over 10 MB", files: map[string]string{"content/a.md": strings.Repeat("x\n", content.MaxPageBytes/2) + "over\n"}, file: "content/a.md:" + strconv.Itoa(content.MaxPageBytes/2+1) + ":1: the page is longer than 10 MB"},
		{name: "unknown fence info", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n```nonsense\nx\n```\n"}, ok: true},
		{name: "block handler failure", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n```fake fail\nx\n```\n"}, file: "content/a.md"},
		{name: "unclosed fence", files: map[string]string{"content/a.md": "---\ntitle: A\n---\n```fake\nx\n"}, ok: true},
		{name: "file name with spaces and unicode", files: map[string]string{"content/Été des dés.md": "---\ntitle: É\n---\n"}, ok: true},
		{name: "file name with a quote", files: map[string]string{"content/it's.md": "---\ntitle: Q\n---\n"}, ok: true},
		{name: "markdown folder named .md", files: map[string]string{"content/x.md/y.md": "---\ntitle: Y\n---\n"}, ok: true},
		{name: "hidden page ignored", files: map[string]string{"content/.draft.md": "not even front matter"}, ok: true},
		{name: "site.toml syntax", files: map[string]string{"site.toml": "title = \"T\nbaseURL = 1\n"}, file: "site.toml"},
		{name: "site.toml wrong type", files: map[string]string{"site.toml": "title = [1]\n"}, file: "site.toml"},
		{name: "site.toml nested typo", files: map[string]string{"site.toml": "title = \"T\"\n[markup.goldmark.renderer]\nunsfe = true\n"}, file: "site.toml"},
		// Issue 31: TOML nests at most layout.MaxTOMLDepth deep (60 KB of
		// nested inline tables took the parser 55 s and 4.5 GB), checked
		// before the parser, at the line and column that goes past.
		{name: "TOML front matter bomb", files: map[string]string{"content/a.md": "+++\ntitle = \"A\"\nx = " + tomlBomb + "\n+++\n"}, file: "content/a.md:3:505: front matter: tables and arrays nested deeper than 100 levels"},
		{name: "TOML front matter at the limit", files: map[string]string{"content/a.md": "+++\ntitle = \"A\"\nx = " + strings.Repeat("{a = ", 100) + "1" + strings.Repeat("}", 100) + "\n+++\n"}, ok: true},
		{name: "site.toml bomb", files: map[string]string{"site.toml": "title = \"T\"\n[params]\nx = " + tomlBomb + "\n"}, file: "site.toml:3:505: tables and arrays nested deeper than 100 levels"},
		// Issue 31: embeds are bounded (markup.MaxEmbedDepth and the
		// others): a fan-out of notes embedding the next ten times, and a
		// chain of 1,000 notes, fail at an embed of the page.
		{name: "embed fan-out", files: embedFanOut, file: "content/N0.md:3:1: embed ![[N"},
		{name: "embed chain", files: embedChain, file: "content/C"},
		{name: "site.toml binary", files: map[string]string{"site.toml": "\x00\x01\x02"}, file: "site.toml"},
		{name: "base URL with query", files: map[string]string{"site.toml": "title = \"T\"\nbaseURL = \"https://x.test/?a=1\"\n"}, file: "site.toml"},
		{name: "stylesheet missing", files: map[string]string{"static/css/site.css": "\x00"}, file: "static/css/site.css"},
		{name: "static file over a page", files: map[string]string{"static/b/index.html": "x"}, file: "static/b/index.html"},
		{name: "static link outside", setup: func(t *testing.T, src string) {
			symlink(t, "/etc/hostname", filepath.Join(src, "static", "h.txt"))
		}, file: "static/h.txt"},
		{name: "content link loop", setup: func(t *testing.T, src string) {
			symlink(t, ".", filepath.Join(src, "content", "loop"))
		}, file: "content/loop"},
		{name: "page replaced by a folder", setup: func(t *testing.T, src string) {
			if err := os.Remove(filepath.Join(src, "content", "b.md")); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(filepath.Join(src, "content", "b.md"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, file: "content/a.md"}, // a.md links to b.md, which is no page now
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, map[string]string{
				"content/a.md": "---\ntitle: A\n---\n\n[b](b.md#part)\n",
				"content/b.md": "---\ntitle: B\n---\n\n## Part\n",
			})
			if _, err := build(t, src, content.Options{}); err != nil {
				t.Fatal(err)
			}
			dest := filepath.Join(src, "public")
			before := readTree(t, dest)
			for name, text := range tt.files {
				p := filepath.Join(src, filepath.FromSlash(name))
				if text == "\x00" {
					if err := os.Remove(p); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.setup != nil {
				tt.setup(t, src)
			}
			_, err := build(t, src, content.Options{})
			if tt.ok {
				if err != nil {
					t.Fatalf("build failed: %v", err)
				}
				return
			}
			var diags content.Diagnostics
			if !errors.As(err, &diags) || len(diags) == 0 {
				t.Fatalf("err = %v (%T), want diagnostics", err, err)
			}
			for _, d := range diags {
				if d.Line < 1 && d.File != "site.toml" && !strings.HasPrefix(d.File, "static/") && !strings.HasPrefix(d.File, "content/") {
					t.Errorf("diagnostic without a position: %s", d)
				}
				if filepath.IsAbs(d.File) || strings.Contains(d.File, "..") {
					t.Errorf("diagnostic names no source file: %s", d)
				}
			}
			if tt.file != "" && !strings.HasPrefix(diags[0].String(), tt.file) {
				t.Errorf("first diagnostic %s, want one naming %s", diags[0], tt.file)
			}
			if after := readTree(t, dest); !mapsEqual(before, after) {
				t.Error("failed build changed the previous output")
			}
		})
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
