package uitest

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// flatIndex is the split search index of a built site read back into
// one list: systems, pages (URL, title, system index or -1) and
// documents (page index, anchor, heading, text).
type flatIndex struct {
	Systems [][2]string
	Pages   [][3]any
	Docs    [][4]any
	Shards  map[string]map[string][]int // term shards by term
}

// readIndex reads the split search index (search/) of the site built in
// dir.
func readIndex(t *testing.T, dir string) flatIndex {
	t.Helper()
	root := filepath.Join(dir, "search")
	read := func(name string, v any) {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil && name != "index.json" { // the others are published gzip-compressed
			b, err = gunzipFile(filepath.Join(root, filepath.FromSlash(name)) + ".gz")
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	var meta struct {
		Systems     [][2]string `json:"systems"`
		Pages       []int       `json:"pages"`
		Shards      []string    `json:"shards"`
		ShardHashes []string    `json:"shardHashes"`
		Texts       []string    `json:"texts"`
		Chunk       int         `json:"chunk"`
	}
	read("index.json", &meta)
	idx := flatIndex{Systems: meta.Systems, Shards: map[string]map[string][]int{}}
	var chunk []json.RawMessage
	for i := 0; i < len(meta.Pages)/2; i++ {
		if i%meta.Chunk == 0 {
			read(fmt.Sprintf("c/%d.%s.json", i/meta.Chunk, meta.Texts[i/meta.Chunk]), &chunk)
		}
		var p struct {
			URL, Title string
			Secs       [][3]string
		}
		var raw []json.RawMessage
		if err := json.Unmarshal(chunk[i%meta.Chunk], &raw); err != nil || len(raw) != 3 {
			t.Fatalf("page %d: %v", i, err)
		}
		_ = json.Unmarshal(raw[0], &p.URL)
		_ = json.Unmarshal(raw[1], &p.Title)
		_ = json.Unmarshal(raw[2], &p.Secs)
		idx.Pages = append(idx.Pages, [3]any{p.URL, p.Title, float64(meta.Pages[2*i])})
		for _, s := range p.Secs {
			idx.Docs = append(idx.Docs, [4]any{float64(i), s[0], s[1], s[2]})
		}
	}
	for j, k := range meta.Shards {
		var sh map[string][]int
		read("t/"+k+"."+meta.ShardHashes[j]+".json", &sh)
		idx.Shards[k] = sh
	}
	return idx
}

// gunzipFile returns the decompressed content of a gzip file.
func gunzipFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return io.ReadAll(z)
}

// searchTarget is a document of the built search index that a query
// should find first.
type searchTarget struct {
	url, title, heading, system string
}

// searchTargets picks, from the bundled site's own search index, a
// section whose heading is unique on the site and shares no word with any
// page title (so its heading query has one right answer whatever the
// content becomes), and a page whose title is unique.
func searchTargets(t *testing.T) (section, page searchTarget) {
	t.Helper()
	idx := readIndex(t, bundled)
	headings, titles, titleWords := map[string]int{}, map[string]int{}, map[string]bool{}
	for _, p := range idx.Pages {
		tl := strings.ToLower(p[1].(string))
		titles[tl]++
		for _, w := range strings.Fields(tl) {
			titleWords[w] = true
		}
	}
	for _, d := range idx.Docs {
		headings[strings.ToLower(d[2].(string))]++
	}
	target := func(d [4]any) searchTarget {
		p := idx.Pages[int(d[0].(float64))]
		st := searchTarget{url: p[0].(string), title: p[1].(string), heading: d[2].(string)}
		if a := d[1].(string); a != "" {
			st.url += "#" + a
		}
		if i := int(p[2].(float64)); i >= 0 {
			st.system = idx.Systems[i][0]
		}
		return st
	}
	for _, d := range idx.Docs {
		h := strings.ToLower(d[2].(string))
		words := strings.Fields(h)
		if section.url == "" && len(words) >= 2 && headings[h] == 1 && titles[h] == 0 && longest(words) >= 6 && isWords(words) &&
			!anyIn(words, titleWords) && target(d).system != "" {
			section = target(d)
		}
		if page.url == "" && d[1] == "" {
			tl := strings.ToLower(idx.Pages[int(d[0].(float64))][1].(string))
			if titles[tl] == 1 && headings[tl] == 0 && len(strings.Fields(tl)) >= 2 && isWords(strings.Fields(tl)) {
				page = target(d)
			}
		}
	}
	if section.url == "" || page.url == "" {
		t.Fatalf("no unique heading or title to search for in the bundled site (section %+v, page %+v)", section, page)
	}
	t.Logf("searching for heading %q (%s) and title %q (%s)", section.heading, section.url, page.title, page.url)
	return section, page
}

func longest(words []string) int {
	n := 0
	for _, w := range words {
		n = max(n, utf8.RuneCountInString(w))
	}
	return n
}

// isWords reports whether every word is plain letters (no digits or
// punctuation, which the tokenizer would split).
func isWords(words []string) bool {
	for _, w := range words {
		for _, r := range w {
			if !('a' <= r && r <= 'z') {
				return false
			}
		}
	}
	return true
}

func anyIn(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// prefixQuery shortens the longest word of a heading to its first four
// letters ("Difficulty numbers" -> "Diff numbers").
func prefixQuery(heading string) string {
	words := strings.Fields(heading)
	i := longestIndex(words)
	words[i] = string([]rune(words[i])[:4])
	return strings.Join(words, " ")
}

// typoQuery drops one inner letter of the longest word of a heading
// ("Difficulty" -> "Difiiculty" minus one: "Dfficulty").
func typoQuery(heading string) string {
	words := strings.Fields(heading)
	i := longestIndex(words)
	r := []rune(words[i])
	words[i] = string(append(r[:2:2], r[3:]...))
	return strings.Join(words, " ")
}

func longestIndex(words []string) int {
	best := 0
	for i, w := range words {
		if utf8.RuneCountInString(w) > utf8.RuneCountInString(words[best]) {
			best = i
		}
	}
	return best
}

// findPage returns the URL path of the first page of the bundled site
// whose HTML contains marker, or "".
func findPage(t *testing.T, marker string) string {
	t.Helper()
	found := ""
	err := filepath.WalkDir(bundled, func(p string, d fs.DirEntry, err error) error {
		if err != nil || found != "" || d.IsDir() || d.Name() != "index.html" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), marker) {
			rel, _ := filepath.Rel(bundled, filepath.Dir(p))
			found = "/" + filepath.ToSlash(rel) + "/"
			if rel == "." {
				found = "/"
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}
