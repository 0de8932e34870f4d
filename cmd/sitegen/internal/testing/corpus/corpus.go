// Package corpus generates synthetic sites for benchmarks: pages with
// front matter, headings, lists, tables, code, footnotes and relative
// cross-links with anchors, grouped in sections (of PerSection pages by
// default).
package corpus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// PerSection is the default number of pages in each generated section.
const PerSection = 50

// Generate writes a site of n pages in sections of PerSection pages (see
// GenerateSections).
func Generate(dir string, n int, seed uint64) error {
	return GenerateSections(dir, n, PerSection, seed)
}

// GenerateSections writes a site of n pages in sections of per pages (plus
// one _index.md per section and the home page) into dir: site.toml,
// content/ and a minimal static/css/site.css. The output depends only on
// n, per and seed.
func GenerateSections(dir string, n, per int, seed uint64) error {
	if per <= 0 {
		return fmt.Errorf("corpus: %d pages per section", per)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	files := map[string]string{
		"site.toml":           "title = \"Synthetic corpus\"\nbaseURL = \"https://example.org/\"\nlanguageCode = \"en\"\n",
		"static/css/site.css": "body { font-family: serif; }\n",
		"content/_index.md":   fmt.Sprintf("---\ntitle: Synthetic corpus\n---\n\nA generated site of %d pages.\n", n),
	}
	sections := (n + per - 1) / per
	for s := range sections {
		files[fmt.Sprintf("content/%s/_index.md", sectionName(s))] = fmt.Sprintf(
			"---\ntitle: Section %d\ndescription: Generated section %d.\nweight: %d\n---\n\nPages of section %d.\n", s, s, s+1, s)
	}
	for i := range n {
		files[PagePath(i, per)] = page(i, n, per, rng)
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("corpus: %w", err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return fmt.Errorf("corpus: %w", err)
		}
	}
	return nil
}

func sectionName(s int) string { return fmt.Sprintf("section-%03d", s) }

// PagePath is the source file of page i of a corpus in sections of per
// pages ("content/section-003/page-01700.md").
func PagePath(i, per int) string {
	return fmt.Sprintf("content/%s/page-%05d.md", sectionName(i/per), i)
}

// words is the vocabulary of generated prose.
const words = "dice roll wild die skill target number attack defense damage armor " +
	"round action modifier bonus penalty success failure critical pool keep " +
	"stamina wound range cover initiative focus level character points fate"

func sentence(rng *rand.Rand, n int) string {
	vocab := strings.Fields(words)
	out := make([]string, n)
	for i := range out {
		out[i] = vocab[rng.IntN(len(vocab))]
	}
	s := strings.Join(out, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// page returns the Markdown of page i: four "Part" sections, each with
// prose, a list, a table, a subsection and a link to another page's part.
func page(i, n, per int, rng *rand.Rand) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: Page %d\ndescription: Generated page %d.\nweight: %d\n---\n\n", i, i, i%per+1)
	fmt.Fprintf(&b, "%s %s *%s* **%s**[^note]\n\n", sentence(rng, 12), sentence(rng, 9), sentence(rng, 3), sentence(rng, 2))
	for part := 1; part <= 4; part++ {
		fmt.Fprintf(&b, "## Part %d\n\n%s %s\n\n", part, sentence(rng, 14), sentence(rng, 10))
		for item := range 4 {
			fmt.Fprintf(&b, "- %s `%dD+%d`\n", sentence(rng, 6), item+1, item%3)
		}
		b.WriteString("\n| Roll | Result | Note |\n|---:|---|---|\n")
		for row := range 5 {
			fmt.Fprintf(&b, "| %d | %s | %s |\n", row+2, sentence(rng, 2), sentence(rng, 3))
		}
		j := rng.IntN(n)
		rel, err := filepath.Rel(filepath.Dir(PagePath(i, per)), PagePath(j, per))
		if err != nil {
			rel = filepath.Base(PagePath(j, per))
		}
		fmt.Fprintf(&b, "\nSee [page %d, part %d](%s#part-%d) and [above](#part-%d).\n\n",
			j, part, filepath.ToSlash(rel), rng.IntN(4)+1, part)
		fmt.Fprintf(&b, "### Details %d\n\n%s\n\n```text\nroll %dD, keep %d\n```\n\n", part, sentence(rng, 20), part+2, part)
	}
	fmt.Fprintf(&b, "[^note]: %s\n", sentence(rng, 8))
	return b.String()
}
