package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightPagerLabels: Starlight's previous and next links are the
// entries before and after the page in its sidebar, flattened, each by
// its sidebar label (@astrojs/starlight 0.36 utils/navigation.ts
// getPrevNextLinks: "const entries = flattenSidebar(sidebar)",
// "entries[currentIndex - 1]"; Pagination.astro shows "{prev.label}"),
// and front matter overrides them: "prev: false" removes the link, a
// string is its label, {link, label} its URL and label ("Explicitly
// remove the link", "If a link exists, update its label if needed",
// "If there is no link and the frontmatter contains both a URL and a
// label, create a new link";
// https://starlight.astro.build/reference/frontmatter/#prev). A sidebar
// link to another site is an entry too; a page
// the sidebar does not list has neither link ("currentIndex > -1").
func TestStarlightPagerLabels(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S', sidebar: [\n" +
			"  { label: 'Start Here', autogenerate: { directory: 'guides' } },\n" +
			"  { label: 'Yōkai', items: [{ label: 'The Cat', slug: 'yokai/bakeneko' }, 'yokai/kappa'] },\n" +
			"  { label: 'Forum', link: 'https://forum.example.com/' },\n] })] };\n",
		"src/content/docs/extra/notes.md":    "---\ntitle: Notes\n---\n\nN.\n",
		"src/content/docs/index.md":          "---\ntitle: Home\n---\n\nH.\n",
		"src/content/docs/guides/a.md":       "---\ntitle: A page\nsidebar:\n  label: First\n  order: 1\n---\n\nA.\n",
		"src/content/docs/guides/b.md":       "---\ntitle: B page\nsidebar:\n  order: 2\nnext: Onwards\n---\n\nB.\n",
		"src/content/docs/yokai/bakeneko.md": "---\ntitle: Bakeneko\nprev: false\nnext:\n  link: /guides/a/\n  label: Back to the start\n---\n\nC.\n",
		"src/content/docs/yokai/kappa.md":    "---\ntitle: Kappa\n---\n\nK.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	tree := readTree(t, out)
	for _, tc := range []struct {
		page        string
		want, avoid []string
	}{
		{page: "guides/a/index.html",
			want:  []string{`<a class="next" rel="next" href="/guides/b/"><span>Next</span> B page</a>`},
			avoid: []string{`rel="prev"`}},
		{page: "guides/b/index.html",
			want: []string{`<a class="prev" rel="prev" href="/guides/a/"><span>Previous</span> First</a>`,
				`<a class="next" rel="next" href="/yokai/bakeneko/"><span>Next</span> Onwards</a>`}},
		{page: "yokai/bakeneko/index.html",
			want:  []string{`<a class="next" rel="next" href="/guides/a/"><span>Next</span> Back to the start</a>`},
			avoid: []string{`rel="prev"`, `yokai:`}},
		{page: "yokai/kappa/index.html",
			want: []string{`<a class="prev" rel="prev" href="/yokai/bakeneko/"><span>Previous</span> The Cat</a>`,
				`<a class="next" rel="next" href="https://forum.example.com/"><span>Next</span> Forum</a>`}},
		{page: "extra/notes/index.html", avoid: []string{`rel="prev"`, `rel="next"`}},
	} {
		page := tree[tc.page]
		for _, w := range tc.want {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %s", tc.page, w)
			}
		}
		for _, a := range tc.avoid {
			if strings.Contains(page, a) {
				t.Errorf("%s holds %s", tc.page, a)
			}
		}
		if t.Failed() {
			i := strings.Index(page, `<nav class="breadcrumbs"`)
			j := strings.Index(page, `</main>`)
			if i >= 0 && j > i {
				t.Logf("%s: %s", tc.page, page[i:j])
			}
		}
	}
}
