package site

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readSearchIndex returns the published search index of a built site and
// its file name.
func readSearchIndex(t *testing.T, dest string) (string, searchFile) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dest, "search-index.*.json"))
	if err != nil || len(names) != 1 {
		t.Fatalf("search index files: %v (%v)", names, err)
	}
	b, err := os.ReadFile(names[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".gz", ".br"} {
		if _, err := os.Stat(names[0] + ext); (err == nil) != (len(b) >= compressMin) {
			t.Errorf("%d bytes, precompressed %s sibling: %v", len(b), ext, err)
		}
	}
	var f searchFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("decode %s: %v", names[0], err)
	}
	return filepath.Base(names[0]), f
}

// searchFile is the decoded index, for tests.
type searchFile struct {
	V       int         `json:"v"`
	Systems [][2]string `json:"systems"`
	Pages   [][3]any    `json:"pages"`
	Docs    [][4]any    `json:"docs"`
}

func TestSearchIndex(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/rules/_index.md": "---\ntitle: The Rules\n---\nIntro.\n",
		"content/rules/combat.md": "---\ntitle: Combat\ndescription: Hitting things.\n---\n" +
			"Lead *text* with an [inner link](#the-wild-die) and R&amp;D.\n\n" +
			"## The Wild Die\n\nRoll it; it explodes on a 6.\n\n#### Minor\n\nMinor text.\n\n" +
			"```\n4D+1 code\n```\n\n```fake x\nhidden calculator body\n```\n\n" +
			"### Fumbles {#fumble}\n\n- one\n- two[^1]\n\n| a | b |\n|---|---|\n| cell1 | cell2 |\n\n[^1]: footnote words\n",
		"content/about.md": "---\ntitle: About\n---\nAbout text.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	name, f := readSearchIndex(t, dest)
	if f.V != searchFormat {
		t.Errorf("format %d, want %d", f.V, searchFormat)
	}
	if len(f.Systems) != 1 || f.Systems[0] != [2]string{"rules", "The Rules"} {
		t.Errorf("systems %v, want [[rules The Rules]]", f.Systems)
	}
	type doc struct{ url, title, heading, text string }
	var docs []doc
	sys := map[string]float64{}
	for _, d := range f.Docs {
		p := f.Pages[int(d[0].(float64))]
		u := p[0].(string)
		if d[1] != "" {
			u += "#" + d[1].(string)
		}
		sys[p[0].(string)] = p[2].(float64)
		docs = append(docs, doc{u, p[1].(string), d[2].(string), d[3].(string)})
	}
	want := []doc{
		{"/", "Home", "", ""},
		{"/about/", "About", "", "About text."},
		{"/rules/", "The Rules", "", "Intro."},
		{"/rules/combat/", "Combat", "", "Hitting things. Lead text with an inner link and R&D."},
		{"/rules/combat/#the-wild-die", "Combat", "The Wild Die", "Roll it; it explodes on a 6. Minor Minor text. 4D+1 code"},
		{"/rules/combat/#fumble", "Combat", "Fumbles", "one two cell1 cell2 a b"},
	}
	if len(docs) != len(want) {
		t.Fatalf("docs:\n%v\nwant\n%v", docs, want)
	}
	for i := range want {
		// Table header cells come first in the AST; compare as word sets
		// where the order is not the point.
		if docs[i].url != want[i].url || docs[i].title != want[i].title || docs[i].heading != want[i].heading ||
			strings.Join(sortedFields(docs[i].text), " ") != strings.Join(sortedFields(want[i].text), " ") {
			t.Errorf("doc %d:\n got %+v\nwant %+v", i, docs[i], want[i])
		}
	}
	if sys["/rules/combat/"] != 0 || sys["/about/"] != -1 || sys["/"] != -1 {
		t.Errorf("systems by page %v", sys)
	}
	for _, d := range docs {
		if strings.Contains(d.text, "hidden calculator") || strings.Contains(d.text, "footnote words") {
			t.Errorf("%s: block handler output or footnotes indexed: %q", d.url, d.text)
		}
	}
	// The pages link to nothing of it (no js/site.js in this site), but
	// the name is stable for the same input and changes with the content.
	dest2 := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, Options{Dest: dest2}); err != nil {
		t.Fatal(err)
	}
	if name2, _ := readSearchIndex(t, dest2); name2 != name {
		t.Errorf("index name changed between identical builds: %s, %s", name, name2)
	}
	if err := os.WriteFile(filepath.Join(src, "content", "about.md"), []byte("---\ntitle: About\n---\nOther text.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dest3 := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, Options{Dest: dest3}); err != nil {
		t.Fatal(err)
	}
	if name3, _ := readSearchIndex(t, dest3); name3 == name {
		t.Errorf("index name %s unchanged after a content change", name)
	}
}

func sortedFields(s string) []string {
	f := strings.Fields(s)
	for i := 1; i < len(f); i++ {
		for j := i; j > 0 && f[j] < f[j-1]; j-- {
			f[j], f[j-1] = f[j-1], f[j]
		}
	}
	return f
}

func TestCompactText(t *testing.T) {
	long := strings.Repeat("word ", 50) // 250 bytes; the verbatim prefix ends after 25 words (124 bytes)
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", ""},
		{"spaces collapse", "  a \n\t b  ", "a b"},
		{"prefix verbatim", "The die, the die. The DIE!", "The die, the die. The DIE!"},
		{"after the prefix, each word once", long + "Die, die; DIE new word!", strings.TrimSpace(strings.Repeat("word ", 25)) + " Die new"},
		{"punctuation only dropped after the prefix", long + "— ! 4D+1", strings.TrimSpace(strings.Repeat("word ", 25)) + " 4D+1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := compactText(tc.in); got != tc.want {
				t.Errorf("compactText(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestMinifyAsset(t *testing.T) {
	for _, tc := range []struct {
		name, rel, in, want string
		err                 bool
	}{
		{"css", "css/a.css", "a {\n  color: #ff0000;\n}\n/* note */\n", "a{color:red}", false},
		{"js", "js/a.js", "// comment\nconst answer = 40 + 2;\nconsole.log( answer );\n", "const answer=40+2;console.log(answer)", false},
		{"licence comment kept", "js/lib.js", "/*! Lib 1.0 | MIT */\nvar x = 1;\n", "/*! Lib 1.0 | MIT */var x=1", false},
		{"already minified", "js/lib.min.js", "var  x = 1;\n", "var  x = 1;\n", false},
		{"not css or js", "img/a.svg", "<svg>  </svg>", "<svg>  </svg>", false},
		{"syntax error", "js/bad.js", "function (", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := minifyAsset(tc.rel, []byte(tc.in))
			if (err != nil) != tc.err {
				t.Fatalf("err = %v, want error %v", err, tc.err)
			}
			if !tc.err && string(got) != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestBadScriptFailsBuild(t *testing.T) {
	src := writeTree(t, map[string]string{"static/js/bad.js": "function (\n"})
	_, err := build(t, src, Options{})
	if err == nil || !strings.Contains(err.Error(), "static/js/bad.js") {
		t.Errorf("err = %v, want a diagnostic for static/js/bad.js", err)
	}
}

func TestTableWrap(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/t.md": "---\ntitle: T\n---\n| a | b |\n|:--|--:|\n| 1 | 2 |\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "t", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	i, j, k := strings.Index(html, `<div class="table-wrap">`), strings.Index(html, "<table>"), strings.Index(html, "</table>\n</div>")
	if i < 0 || j < i || k < j {
		t.Errorf("table not wrapped in div.table-wrap:\n%s", html)
	}
}
