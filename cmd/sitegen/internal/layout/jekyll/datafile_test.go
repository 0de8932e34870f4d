package jekyll

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// TestUnreadableDataFile checks that a data file Jekyll's readers refuse
// is reported, not dropped in silence. "Jekyll supports loading data from
// YAML, JSON, CSV, and TSV files located in the _data directory"
// (https://jekyllrb.com/docs/datafiles/); one of them that its reader
// refuses stops Jekyll's build (jekyll 4.3.1 on _data/x.yml = "a: 1\nb:
// [2\nc: 3\n": "Psych::SyntaxError … did not find expected ',' or ']'
// while parsing a flow sequence at line 2 column 4", no site written).
// sitegen names the file and line, a problem the tool fails on
// (LenientWarning: an error, a warning in lenient mode), and site.data.x is
// empty. The lines are those Ruby's readers name (YAML.safe_load and
// CSV.read in Ruby 3.1: "at line 2 column 4", "at line 3 column 1", "at
// line 2 column 1", "in line 3"). A page that reads nothing of the site
// model reports nothing.
func TestUnreadableDataFile(t *testing.T) {
	tests := []struct {
		name, file, text, page string
		want                   string // "" for no problem; else "file:line: words of the message"
		out                    string
	}{
		{"YAML refused", "_data/x.yml", "a: 1\nb: [2\nc: 3\n", "[{{ site.data.x.a }}]", "_data/x.yml:2: site.data.x", "[]"},
		{"JSON neither JSON nor YAML", "_data/x.json", "{\"a\": 1,\n \"b\": [\n", "[{{ site.data.x.a }}]", "_data/x.json:3: site.data.x", "[]"},
		{"CSV with a bare quote", "_data/x.csv", "a,b\n1,2\n3,\"4\"x\n", "[{{ site.data.x.size }}]", "_data/x.csv:3: site.data.x", "[]"},
		{"in a folder", "_data/lore/x.yml", "a: [\n", "[{{ site.data.lore.x.a }}]", "_data/lore/x.yml:2: site.data.lore.x", "[]"},
		{"read well", "_data/x.yml", "a: 1\n", "[{{ site.data.x.a }}]", "", "[1]"},
		{"page reads no site variable", "_data/x.yml", "a: [\n", "[{{ page.title }}]", "", "[P]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"_config.yml": "title: T\n", "_data/ok.yml": "k: v\n", tt.file: tt.text,
				"p.md": "---\ntitle: P\n---\n" + tt.page + "\n"}
			dir := layouttest.Write(t, files)
			l, err := Recognise(dir)
			if err != nil || l == nil {
				t.Fatalf("Recognise: %v, %v", l, err)
			}
			read := func(f string) ([]byte, error) { return srcpath.ReadFile(dir, f, 1<<20) }
			l.SitePages([]string{"p.md"}, read)
			for run := range 2 { // the model made, then kept
				x := l.Expand("p.md", []byte(files["p.md"]), read)
				var got []layout.Problem
				for _, p := range x.Problems {
					if p.File != "" {
						got = append(got, p)
					}
				}
				if body := strings.TrimSpace(string(x.Src[frontMatterEnd(x.Src):])); body != tt.out {
					t.Errorf("run %d: text = %q, want %q", run, body, tt.out)
				}
				if tt.want == "" {
					if len(got) > 0 {
						t.Errorf("run %d: problems %+v, want none", run, got)
					}
					continue
				}
				if len(got) != 1 {
					t.Fatalf("run %d: problems %+v, want one in %s", run, x.Problems, tt.file)
				}
				p := got[0]
				where, words, _ := strings.Cut(tt.want, " ")
				if fmt.Sprintf("%s:%d:", p.File, p.Line) != where || !p.LenientWarning || p.Warning || !strings.Contains(p.Msg, words) || !strings.Contains(p.Msg, "Jekyll stops") {
					t.Errorf("run %d: problem %+v, want at %s, LenientWarning, naming %q and saying Jekyll stops", run, p, where, words)
				}
			}
		})
	}
}
