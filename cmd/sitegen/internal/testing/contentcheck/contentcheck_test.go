package contentcheck

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	calcsystems "d6codex/calc/systems"
	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/linkcheck"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"go.abhg.dev/goldmark/frontmatter"
)

// sectionPages are the pages every system section has (file names are
// fixed so that pages can link to each other).
var sectionPages = []string{"_index.md", "round.md", "attacking.md", "defending.md", "damage.md", "tables.md", "optional.md"}

// systems are the system sections, from the calculator registry: the
// system id (the section folder) and the ids of its calculators. A tool
// that belongs to no game (calc.System.IsGame) has no section.
func systems() map[string][]string {
	out := map[string][]string{}
	for _, s := range calcsystems.New().Systems() {
		if !s.IsGame() {
			continue
		}
		for _, c := range s.Calculators {
			out[s.ID] = append(out[s.ID], c.ID)
		}
	}
	return out
}

// ShingleWords is the length of the word runs the seed check looks for.
const ShingleWords = 12

// verbatim lists the content files that must reproduce a source word for
// word, and why; the seed check skips them.
var verbatim = map[string]string{
	"legal/ogl.md": "the Open Game License, whose section 15 must copy the copyright notice of the OpenD6 source exactly",
}

// contentFile is one Markdown file of content/.
type contentFile struct {
	rel  string // "opend6/attacking.md"
	src  []byte
	meta map[string]any // the decoded front matter
}

// readContent reads every Markdown file of content/ with its front matter.
func readContent(t *testing.T) []contentFile {
	t.Helper()
	root := filepath.Join(browser.RepoRoot(t), "content")
	var files []contentFile
	md := goldmark.New(goldmark.WithExtensions(&frontmatter.Extender{}))
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		f := contentFile{rel: filepath.ToSlash(rel), src: src, meta: map[string]any{}}
		ctx := parser.NewContext()
		md.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
		if data := frontmatter.Get(ctx); data != nil {
			if err := data.Decode(&f.meta); err != nil {
				return fmt.Errorf("%s: front matter: %w", f.rel, err)
			}
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no Markdown files in content/")
	}
	return files
}

// TestSiteBuilds builds content/ with the site's real block handlers and
// generators: any broken link or anchor, unknown table or calculator, bad
// preset or front matter fails it, with every diagnostic listed.
func TestSiteBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the full site build (it compiles the WebAssembly calculators)")
	}
	t.Chdir(browser.RepoRoot(t))
	dest := filepath.Join(t.TempDir(), "public")
	res, err := site.Build(context.Background(), content.Options{Source: ".", Dest: dest,
		Handlers: buildcmd.Handlers(), Generators: buildcmd.Generators()})
	var diags content.Diagnostics
	if errors.As(err, &diags) {
		for _, d := range diags {
			t.Error(d.String())
		}
		t.Fatalf("the site has %d error(s)", len(diags))
	}
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages < len(systems())*len(sectionPages) {
		t.Errorf("only %d pages built", res.Pages)
	}
	// What sitegen wrote, checked as a browser meets it: every internal
	// link lands on a file and an id, every page has one <h1>.
	lc, err := linkcheck.Check(dest, "/")
	if err != nil {
		t.Fatal(err)
	}
	for p, n := range lc.BadH1 {
		t.Errorf("%s has %d <h1>", p, n)
	}
	for _, b := range lc.Broken {
		t.Errorf("broken link in the output: %s", b)
	}
	if lc.Pages < res.Pages {
		t.Errorf("link check read %d pages of %d", lc.Pages, res.Pages)
	}
}

// fence is a fenced code block: its info word and argument.
type fence struct{ info, arg string }

// fences lists the fenced code blocks of a Markdown file.
func fences(src []byte) []fence {
	var out []fence
	var open string // the opening fence's marker while inside a block
	for line := range strings.Lines(string(src)) {
		trim := strings.TrimSpace(line)
		if open != "" {
			if strings.HasPrefix(trim, open) && strings.Trim(trim, open[:1]) == "" {
				open = ""
			}
			continue
		}
		for _, marker := range []string{"```", "~~~"} {
			if strings.HasPrefix(trim, marker) {
				open = trim[:len(trim)-len(strings.TrimLeft(trim, marker[:1]))]
				words := strings.Fields(strings.TrimLeft(trim, marker[:1]))
				f := fence{}
				if len(words) > 0 {
					f.info = words[0]
				}
				if len(words) > 1 {
					f.arg = words[1]
				}
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// TestSystemSections checks that every system section has its pages, a
// calculator block for each of its calculators and at least one table.
func TestSystemSections(t *testing.T) {
	files := readContent(t)
	byRel := map[string]contentFile{}
	for _, f := range files {
		byRel[f.rel] = f
	}
	for sys, calcs := range systems() {
		t.Run(sys, func(t *testing.T) {
			for _, name := range sectionPages {
				if _, ok := byRel[sys+"/"+name]; !ok {
					t.Errorf("content/%s/%s is missing", sys, name)
				}
			}
			found := map[fence]bool{}
			tables := 0
			for _, f := range files {
				if !strings.HasPrefix(f.rel, sys+"/") {
					continue
				}
				for _, b := range fences(f.src) {
					found[b] = true
					if b.info == "table" && strings.HasPrefix(b.arg, sys+"/") {
						tables++
					}
				}
			}
			for _, id := range calcs {
				if !found[fence{"calc", id}] {
					t.Errorf("no ```calc %s block in content/%s/", id, sys)
				}
			}
			if tables == 0 {
				t.Errorf("no ```table %s/... block in content/%s/", sys, sys)
			}
		})
	}
}

// TestDescriptions checks that every page has a description for search
// engines and link previews, short enough to be shown whole.
func TestDescriptions(t *testing.T) {
	for _, f := range readContent(t) {
		d, _ := f.meta["description"].(string)
		switch d = strings.TrimSpace(d); {
		case d == "":
			t.Errorf("content/%s: no description in the front matter", f.rel)
		case len([]rune(d)) > 160:
			t.Errorf("content/%s: description is %d characters, more than 160", f.rel, len([]rune(d)))
		}
	}
}

// word is a normalised word and the line it comes from.
type word struct {
	w    string
	line int
}

var (
	linkTarget = regexp.MustCompile(`\]\([^)\n]*\)`)               // [text](target) keeps text
	refDef     = regexp.MustCompile(`(?m)^ {0,3}\[[^\]\n]+\]:.*$`) // [label]: target
	headingID  = regexp.MustCompile(`\{#[^}\n]*\}`)                // {#custom-id}
	autolink   = regexp.MustCompile(`<https?://[^>\n]*>`)
	fmKey      = regexp.MustCompile(`^\s*[A-Za-z_]+\s*[:=]\s*`)
	wordRE     = regexp.MustCompile(`[\p{L}\p{N}]+`)
)

// normalize turns Markdown (or plain text) into runs of lower-case words,
// with Markdown syntax and punctuation dropped. Runs break where words do
// not follow each other as text: at table cells, around code blocks, and
// between front matter fields. Each word keeps its line number.
func normalize(src string) [][]word {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = linkTarget.ReplaceAllString(src, "]")
	src = refDef.ReplaceAllString(src, "")
	src = headingID.ReplaceAllString(src, "")
	src = autolink.ReplaceAllString(src, "")
	var runs [][]word
	var cur []word
	flush := func() {
		if len(cur) > 0 {
			runs = append(runs, cur)
			cur = nil
		}
	}
	lines := strings.Split(src, "\n")
	inFront, fenceOpen := false, ""
	for i, line := range lines {
		trim := strings.TrimSpace(line)
		switch {
		case i == 0 && (trim == "---" || trim == "+++"):
			inFront = true
			continue
		case inFront:
			if trim == "---" || trim == "+++" {
				inFront = false
				continue
			}
			flush()
			line = fmKey.ReplaceAllString(line, "")
		case fenceOpen != "":
			if strings.HasPrefix(trim, fenceOpen) && strings.Trim(trim, fenceOpen[:1]) == "" {
				fenceOpen = ""
			}
			continue
		case strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~"):
			flush()
			fenceOpen = trim[:len(trim)-len(strings.TrimLeft(trim, trim[:1]))]
			continue
		}
		for cell := range strings.SplitSeq(line, "|") {
			for _, w := range wordRE.FindAllString(strings.ToLower(cell), -1) {
				cur = append(cur, word{w, i + 1})
			}
			if strings.Contains(line, "|") {
				flush()
			}
		}
	}
	flush()
	return runs
}

// shingle joins n words from i.
func shingle(ws []word, i, n int) string {
	parts := make([]string, n)
	for k := range n {
		parts[k] = ws[i+k].w
	}
	return strings.Join(parts, " ")
}

// seedShingles maps every run of ShingleWords words of the seeds to the
// seed file it comes from.
func seedShingles(dir string) (map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	set := map[string]string{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		for _, run := range normalize(string(src)) {
			for i := 0; i+ShingleWords <= len(run); i++ {
				set[shingle(run, i, ShingleWords)] = e.Name()
			}
		}
	}
	return set, nil
}

// copied is one run of words a file shares with a seed.
type copied struct {
	line  int
	words string
	seed  string
}

// findCopies returns the maximal runs of src of ShingleWords words or more
// that appear in the seeds.
func findCopies(src string, seeds map[string]string) []copied {
	var out []copied
	for _, run := range normalize(src) {
		for i := 0; i+ShingleWords <= len(run); {
			seed, ok := seeds[shingle(run, i, ShingleWords)]
			if !ok {
				i++
				continue
			}
			end := i + ShingleWords // extend while the next shingle is copied too
			for end < len(run) {
				if _, ok := seeds[shingle(run, end-ShingleWords+1, ShingleWords)]; !ok {
					break
				}
				end++
			}
			out = append(out, copied{line: run[i].line, words: shingle(run, i, end-i), seed: seed})
			i = end
		}
	}
	return out
}

// seedDir locates the seeds: ../shared/seeds next to the repository.
func seedDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(filepath.Dir(browser.RepoRoot(t)), "shared", "seeds")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("seed check skipped: the seeds folder %s is not there (it sits next to the repository in the project workspace)", dir)
	}
	return dir
}

// TestNoSeedText fails on any run of ShingleWords or more consecutive words
// of a seed in content/: pages are written in the site's own words; game
// terms, numbers and table values carry over, sentences do not.
func TestNoSeedText(t *testing.T) {
	seeds, err := seedShingles(seedDir(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(seeds) == 0 {
		t.Fatal("the seeds folder holds no text")
	}
	for _, f := range readContent(t) {
		if why, ok := verbatim[f.rel]; ok {
			t.Logf("content/%s not checked: %s", f.rel, why)
			continue
		}
		for _, c := range findCopies(string(f.src), seeds) {
			t.Errorf("content/%s:%d: %d words copied from seeds/%s: %q",
				f.rel, c.line, len(strings.Fields(c.words)), c.seed, c.words)
		}
	}
}

// TestFindCopies checks the detector itself on made-up seeds, so the seed
// check is known to fail when it should.
func TestFindCopies(t *testing.T) {
	seed := "When combat is inevitable in an adventure, the following rules apply to every fighter: " +
		"roll two dice and multiply them, then compare the product with your Focus."
	seeds := map[string]string{}
	for _, run := range normalize(seed) {
		for i := 0; i+ShingleWords <= len(run); i++ {
			seeds[shingle(run, i, ShingleWords)] = "seed.txt"
		}
	}
	tests := []struct {
		name, page string
		want       []string // the copied runs found
	}{
		{"own words", "Multiply the two dice and check the product against your Focus number.", nil},
		{"eleven words are fine", "Roll two dice and multiply them, then compare the product with *Focus*.", nil},
		{"copied sentence", "---\ntitle: T\n---\nIntro. Roll two dice and **multiply** them, then compare the product with your [Focus](x.md#focus). Done.",
			[]string{"roll two dice and multiply them then compare the product with your focus"}},
		{"case, punctuation and line breaks", "THE FOLLOWING RULES apply to every\nfighter: roll two dice — and multiply them!",
			[]string{"the following rules apply to every fighter roll two dice and multiply them"}},
		{"a link target does not hide a copy", "the following rules apply to [every fighter](../glossary.md#a-b-c-d-e-f-g): roll two dice and multiply",
			[]string{"the following rules apply to every fighter roll two dice and multiply"}},
		{"table cells break runs", "| the following rules apply | to every fighter roll two | dice and multiply them |", nil},
		{"code blocks are not text", "the following rules apply to every\n```calc x\nfighter = roll two dice and multiply them\n```\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range findCopies(tc.page, seeds) {
				got = append(got, c.words)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestFences checks the block scanner the section check relies on.
func TestFences(t *testing.T) {
	src := []byte("a\n```calc opend6/attack\nskill = 4D\n```\n\n````table rollunder/weapons\n```\n````\n~~~\ncode\n~~~\n")
	want := []fence{{"calc", "opend6/attack"}, {"table", "rollunder/weapons"}, {"", ""}}
	if got := fences(src); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
