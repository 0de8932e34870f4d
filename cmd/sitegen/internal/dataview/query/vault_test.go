package query

import (
	"path"
	"strings"
	"testing"
	"time"
)

// testVault is an in-memory vault: notes by path, links written in them.
type testVault struct {
	notes []*Page
	files []*Page
	links map[string][]string // note path -> link targets as written
}

func (v *testVault) Notes() []*Page { return v.notes }
func (v *testVault) Files() []*Page { return v.files }

// Resolve finds a note by path (with or without .md) or by name.
func (v *testVault) Resolve(target string, from *Page) *Page {
	t := strings.TrimSuffix(target, ".md")
	for _, p := range v.notes {
		if strings.TrimSuffix(p.Path, ".md") == t {
			return p
		}
	}
	for _, p := range v.notes {
		if p.Name() == path.Base(t) {
			return p
		}
	}
	return nil
}

func (v *testVault) Outlinks(p *Page) []Link {
	var out []Link
	for _, t := range v.links[p.Path] {
		l := Link{Path: t}
		if q := v.Resolve(t, p); q != nil {
			l.Path, l.Resolved = q.Path, true
		}
		out = append(out, l)
	}
	return out
}

// note makes a note from YAML-like front matter values and inline fields.
func note(p string, fm map[string]any, inline ...string) *Page {
	pg := &Page{Path: p, Note: true, Frontmatter: NewObject(), Size: 100,
		MTime: time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), CTime: time.Date(2023, 1, 2, 0, 0, 0, 0, time.UTC)}
	for _, k := range sortedKeys(fm) {
		pg.Frontmatter.Set(k, FrontmatterValue(fm[k]))
	}
	if tags, ok := fm["tags"].([]any); ok {
		for _, t := range tags {
			pg.Tags = append(pg.Tags, t.(string))
		}
	}
	var fields []InlineField
	for _, f := range inline {
		k, v, _ := strings.Cut(f, "::")
		fields = append(fields, InlineField{Key: strings.TrimSpace(k), Value: strings.TrimSpace(v)})
	}
	pg.SetFields(fields)
	return pg
}

func gamesVault() *testVault {
	return &testVault{
		notes: []*Page{
			note("Games/League of Legends.md", map[string]any{"tags": []any{"games/moba"}, "started": "2021-05-16", "price": 0, "type": "game"}, "Rating:: 8"),
			note("Games/Pillars of Eternity 2.md", map[string]any{"tags": []any{"games/crpg"}, "started": "2022-04-21", "price": 40, "type": "game"}, "Rating:: 9"),
			note("Games/finished/Stardew Valley.md", map[string]any{"tags": []any{"games/simulation"}, "started": "2021-04-04", "price": 15, "type": "game"}, "Rating:: 7"),
			note("Coding/Git Basics.md", map[string]any{"type": "knowledge"}),
			note("Dashboard.md", map[string]any{"type": "moc", "Limit": 2}),
		},
		links: map[string][]string{"Dashboard.md": {"Git Basics", "Stardew Valley"}, "Coding/Git Basics.md": {"Dashboard"}},
	}
}

func run(t *testing.T, v Vault, this string, src string) *Result {
	t.Helper()
	ix := NewIndex(v)
	q, err := ParseQuery(src)
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	e := NewEnv(ix, ix.Resolve(this, nil), DQL, time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC))
	res, err := e.Run(q)
	if err != nil {
		t.Fatalf("run %q: %v", src, err)
	}
	return res
}
