package site

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"

	"github.com/andybalholm/brotli"
)

// readSearchIndex reads the split search index of a built site back
// into one list, checking that every file it names exists (with
// precompressed siblings when big enough).
func readSearchIndex(t *testing.T, dest string) searchFile {
	t.Helper()
	root := filepath.Join(dest, content.SearchDir)
	read := func(name string, v any) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		var b []byte
		var err error
		if name == searchMeta {
			b, err = os.ReadFile(p)
			for _, ext := range []string{".gz", ".br"} {
				if _, serr := os.Stat(p + ext); err == nil && (serr == nil) != (len(b) >= assets.CompressMin) {
					t.Errorf("%s: %d bytes, precompressed %s sibling: %v", name, len(b), ext, serr)
				} else if serr == nil && err == nil {
					// A server sends the sibling for the file: same bytes.
					z, zerr := decompressSibling(p + ext)
					if zerr != nil || !bytes.Equal(z, b) {
						t.Errorf("%s%s does not decompress to %s (%d bytes, want %d): %v", name, ext, name, len(z), len(b), zerr)
					}
				}
			}
		} else { // published gzip-compressed, with no uncompressed twin
			if _, serr := os.Stat(p); serr == nil {
				t.Errorf("%s published uncompressed", name)
			}
			b, err = gunzip(p + ".gz")
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("decode %s: %v", name, err)
		}
	}
	var meta struct {
		V           int         `json:"v"`
		Systems     [][2]string `json:"systems"`
		Pages       []int       `json:"pages"`
		Shards      []string    `json:"shards"`
		ShardHashes []string    `json:"shardHashes"`
		Texts       []string    `json:"texts"`
		Chunk       int         `json:"chunk"`
		Docs        int         `json:"docs"`
	}
	read("index.json", &meta)
	f := searchFile{V: meta.V, Systems: meta.Systems, Postings: map[string][]int{}}
	for i := 0; i < len(meta.Pages)/2; i++ {
		var chunk [][3]json.RawMessage
		read(fmt.Sprintf("c/%d.%s.json", i/meta.Chunk, meta.Texts[i/meta.Chunk]), &chunk)
		var url, title string
		var secs [][3]string
		_ = json.Unmarshal(chunk[i%meta.Chunk][0], &url)
		_ = json.Unmarshal(chunk[i%meta.Chunk][1], &title)
		_ = json.Unmarshal(chunk[i%meta.Chunk][2], &secs)
		if len(secs) != meta.Pages[2*i+1] {
			t.Errorf("%s: %d sections, index.json says %d", url, len(secs), meta.Pages[2*i+1])
		}
		f.Pages = append(f.Pages, [3]any{url, title, float64(meta.Pages[2*i])})
		for _, sec := range secs {
			f.Docs = append(f.Docs, [4]any{float64(i), sec[0], sec[1], sec[2]})
		}
	}
	if len(f.Docs) != meta.Docs {
		t.Errorf("%d documents, index.json says %d", len(f.Docs), meta.Docs)
	}
	for j, k := range meta.Shards {
		var sh map[string][]int
		read("t/"+k+"."+meta.ShardHashes[j]+".json", &sh)
		for term, ps := range sh {
			if got := hex.EncodeToString([]byte(shardKey(term))); got != k {
				t.Errorf("term %q in shard %s, want %s", term, k, got)
			}
			d := 0
			for i := 0; i < len(ps); i += 2 { // undo the deltas
				d += ps[i]
				f.Postings[term] = append(f.Postings[term], d, ps[i+1])
			}
		}
	}
	return f
}

// gunzip returns the decompressed content of the gzip file name.
func gunzip(name string) ([]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	out, err := gunzipBytes(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// gunzipBytes decompresses gzip data.
func gunzipBytes(b []byte) ([]byte, error) {
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(z)
}

// searchFile is the decoded index, for tests.
type searchFile struct {
	V        int
	Systems  [][2]string
	Pages    [][3]any         // URL, title, system
	Docs     [][4]any         // page, anchor, heading, text
	Postings map[string][]int // term -> document, weight, ... (no deltas)
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
	if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	f := readSearchIndex(t, dest)
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
	// Identical builds publish identical index files under identical
	// names; a content change gives a new index.json.
	dest2 := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Dest: dest2}); err != nil {
		t.Fatal(err)
	}
	index := func(dest string) map[string]string {
		tree := map[string]string{}
		for name, body := range readTree(t, dest) {
			if strings.HasPrefix(name, content.SearchDir+"/") {
				tree[name] = body
			}
		}
		return tree
	}
	if a, b := index(dest), index(dest2); !maps.Equal(a, b) {
		t.Errorf("identical builds, different search index files: %s", treeDiff(b, a))
	}
	if err := os.WriteFile(filepath.Join(src, "content", "about.md"), []byte("---\ntitle: About\n---\nOther text.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dest3 := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Dest: dest3}); err != nil {
		t.Fatal(err)
	}
	if index(dest3)["search/index.json"] == index(dest)["search/index.json"] {
		t.Error("index.json unchanged after a content change")
	}
}

// decompressSibling is the content of the precompressed sibling p
// (.gz or .br) as a client that asked for it reads it.
func decompressSibling(p string) ([]byte, error) {
	if strings.HasSuffix(p, ".gz") {
		return gunzip(p)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(brotli.NewReader(f))
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

// searchTerms calls fn with each term of text (lowerTerms).
func searchTerms(text string, fn func(string)) {
	lowerTerms(nil, text, func(t []byte) { fn(string(t)) })
}

// refTerms is the definition of a term, for TestLowerTerms: lower-case
// the text (strings.ToLower), then take its runs of letters and digits of
// two runes or more.
func refTerms(text string) []string {
	var out []string
	text = strings.ToLower(text)
	start := -1
	emit := func(end int) {
		if start >= 0 && utf8.RuneCountInString(text[start:end]) >= 2 {
			out = append(out, text[start:end])
		}
		start = -1
	}
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if start < 0 {
				start = i
			}
		} else {
			emit(i)
		}
	}
	emit(len(text))
	return out
}

// TestLowerTerms holds lowerTerms, which lower-cases rune by rune as it
// splits, to refTerms on random text of ASCII, letters with cases, digits
// of other scripts, punctuation, invalid UTF-8 and letters whose lower case
// differs in length (İ, K, Ω).
func TestLowerTerms(t *testing.T) {
	alphabet := []string{"a", "Z", "7", " ", "-", "é", "É", "İ", "\u212a", "\u2126", "ß", "١", "Ⅻ", "ⓐ", "Ⓐ", "\xff", "\xe2\x82", "’", "\u00a0", "ǅ", "ﬃ"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(16) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		text := b.String()
		var got []string
		searchTerms(text, func(s string) { got = append(got, s) })
		if want := refTerms(text); !slices.Equal(got, want) {
			t.Errorf("terms of %q = %q, want %q", text, got, want)
		}
	}
}

func TestSearchTerms(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"The Wild Die’s 4D+1, a 6!", "the wild die 4d"},
		{"Ünïcode wörds—and R&D", "ünïcode wörds and"},
		{"x y 12 z3", "12 z3"},
	} {
		var got []string
		searchTerms(tc.in, func(s string) { got = append(got, s) })
		if strings.Join(got, " ") != tc.want {
			t.Errorf("searchTerms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for in, want := range map[string]string{"wild": "wi", "ü": "ü", "über": "üb", "12": "12"} {
		if got := shardKey(in); got != want {
			t.Errorf("shardKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSearchPostings checks the weights of the postings against counts
// made from the documents' own text: every term of every document is
// listed once with its count, heading and title flags.
func TestSearchPostings(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/rules/_index.md": "---\ntitle: Wild Rules\n---\nThe wild die is wild. Wild!\n\n## Wild Die\n\nRoll the die.\n",
		"content/rules/other.md":  "---\ntitle: Other\n---\n" + strings.Repeat("die ", 20) + "\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	f := readSearchIndex(t, dest)
	want := map[string][]int{}
	for d, doc := range f.Docs {
		w := map[string]int{}
		searchTerms(doc[3].(string), func(s string) { w[s]++ })
		for k, v := range w {
			w[k] = min(v, 15)
		}
		searchTerms(doc[2].(string), func(s string) { w[s] |= 16 })
		if doc[1] == "" {
			searchTerms(f.Pages[int(doc[0].(float64))][1].(string), func(s string) { w[s] |= 32 })
		}
		for k, v := range w {
			want[k] = append(want[k], d, v)
		}
	}
	if len(want) != len(f.Postings) {
		t.Errorf("%d terms, want %d", len(f.Postings), len(want))
	}
	for k, v := range want {
		if !slices.Equal(f.Postings[k], v) {
			t.Errorf("postings of %q = %v, want %v", k, f.Postings[k], v)
		}
	}
	// Spot checks against the text above: "wild" in the rules lead 3
	// times, with the title flag; in the Wild Die section only in the
	// heading; "die" 20 times on the other page, capped at 15.
	lead, sec := -1, -1
	for d, doc := range f.Docs {
		if f.Pages[int(doc[0].(float64))][0] == "/rules/" {
			if doc[1] == "" {
				lead = d
			} else {
				sec = d
			}
		}
	}
	checks := map[[2]int]int{{lead, 0}: 3 | 32, {sec, 0}: 16}
	for i := 0; i < len(f.Postings["wild"]); i += 2 {
		d, w := f.Postings["wild"][i], f.Postings["wild"][i+1]
		if want, ok := checks[[2]int{d, 0}]; ok && w != want {
			t.Errorf("wild in document %d: weight %d, want %d", d, w, want)
		}
	}
	ps := f.Postings["die"]
	if ps[len(ps)-1] != 15 {
		t.Errorf("die 20 times: weight %d, want 15 (capped)", ps[len(ps)-1])
	}
}

// TestSearchIndexesTables checks that the text a ```table block renders
// is searchable (tags dropped, entities decoded, white space collapsed)
// while other handled blocks stay out.
func TestSearchIndexesTables(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/rules/_index.md": "---\ntitle: Rules\n---\n\n## Weapons\n\n```table rules/weapons\n```\n\n```fake\nhidden body\n```\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	handlers := map[string]markup.BlockHandler{
		"fake": fakeHandler(),
		"table": markup.BlockHandlerFunc(func(b *markup.Block) (string, error) {
			return `<figure><table><caption>Weapon tracks</caption><tr><th>Morning&nbsp;star</th><td>Zweihänder &amp; co</td></tr></table></figure>`, nil
		}),
	}
	if _, err := build(t, src, content.Options{Dest: dest, Handlers: handlers}); err != nil {
		t.Fatal(err)
	}
	f := readSearchIndex(t, dest)
	var text string
	for _, d := range f.Docs {
		if d[2] == "Weapons" {
			text = d[3].(string)
		}
	}
	for _, want := range []string{"Weapon tracks", "Morning star", "Zweihänder & co"} {
		if !strings.Contains(text, want) {
			t.Errorf("section text %q lacks %q", text, want)
		}
	}
	if strings.Contains(text, "hidden") || strings.Contains(text, "<") {
		t.Errorf("section text %q has another block's output or tags", text)
	}
	if len(f.Postings["zweihänder"]) == 0 {
		t.Error("no postings for a word of the table")
	}
}

// TestAppendJSONString holds the index's hand-written JSON encoders to
// encoding/json (marshalJSON), which wrote the index before: strings with
// every kind of character JSON escapes, invalid UTF-8, line separators,
// HTML characters (not escaped), and random bytes.
func TestAppendJSONString(t *testing.T) {
	cases := []string{
		"", "plain", `quote " and \ backslash`, "tab\tnew\nline\rcr\bbs\fff", "\x00\x01\x1f\x7f",
		"<b>&amp;</b>", "Ünïcode wörds — ’quotes’ 🎲", "bad \xff utf-8 \xe2\x82", "line\u2028para\u2029end",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		want, err := marshalJSON(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
	}
	shard := map[string][]int32{"wild": {0, 3, 2, 16}, "wi": {5, 1}, "ünï": {}, "a\"b": {1, 2}}
	want, err := marshalJSON(shard)
	if err != nil {
		t.Fatal(err)
	}
	if got := encodeShard(shard); string(got) != string(want) {
		t.Errorf("encodeShard = %s, want %s", got, want)
	}
	type entry struct {
		url, title string
		docs       []content.SearchDoc
	}
	pages := []entry{
		{"/a/", "A <title>", []content.SearchDoc{{Text: "lead \x01"}, {Anchor: "s", Heading: "Sé", Text: "t\u2028"}}},
		{"/b/", "B", []content.SearchDoc{{}}},
	}
	var old [][]any
	var entries [][]byte
	for _, p := range pages {
		secs := make([][3]string, len(p.docs))
		for i, d := range p.docs {
			secs[i] = [3]string{d.Anchor, d.Heading, d.Text}
		}
		old = append(old, []any{p.url, p.title, secs})
		entries = append(entries, encodeEntry(p.url, p.title, p.docs))
	}
	if want, err = marshalJSON(old); err != nil {
		t.Fatal(err)
	}
	if got := joinJSON(entries); string(got) != string(want) {
		t.Errorf("text file = %s, want %s", got, want)
	}
}

// TestCollapseSpace holds collapseSpace to strings.Fields and Join on
// white space of every kind, invalid UTF-8 and random bytes.
func TestCollapseSpace(t *testing.T) {
	cases := []string{"", " ", "a", "  a  b\t\nc ", "\u00a0x\u2003y\u3000", "bad\xff \xe2\x80 z", "\v\f\r"}
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{" ", "\t", "\n", "a", "é", "\u00a0", "\u2028", "\xff", "\x85", "\u0085", "b"}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := collapseSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestSearchMetaSiblings checks that index.json's precompressed siblings,
// which a server sends in its place, decompress to it: on a site whose
// index.json is big enough to have them, built clean and then again
// from the build cache after an edit (index.json is made anew by every
// edit, its siblings too).
func TestSearchMetaSiblings(t *testing.T) {
	files := map[string]string{}
	for i := range 60 {
		files[fmt.Sprintf("content/section-%02d/_index.md", i)] = fmt.Sprintf("---\ntitle: Section %d of the rules\n---\nText %d.\n", i, i)
	}
	src := writeTree(t, files)
	dest := filepath.Join(t.TempDir(), "public")
	opts := content.Options{Dest: dest, CacheDir: t.TempDir(), ReuseBuild: true}
	if _, err := build(t, src, opts); err != nil {
		t.Fatal(err)
	}
	meta := filepath.Join(dest, content.SearchDir, searchMeta)
	if info, err := os.Stat(meta); err != nil || info.Size() < assets.CompressMin {
		t.Fatalf("index.json too small to have siblings (%v, %v): make the site bigger", info, err)
	}
	readSearchIndex(t, dest)
	if err := os.WriteFile(filepath.Join(src, "content/section-07/_index.md"), []byte("---\ntitle: Section 7, renamed\n---\nNew text.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, src, opts); err != nil {
		t.Fatal(err)
	}
	readSearchIndex(t, dest)
}
