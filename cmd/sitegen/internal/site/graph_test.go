package site

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
	"d6codex/templates"
)

// updateRun is a site built for Updates and the options it was built
// with.
type updateRun struct {
	s    *Site
	opts content.Options
	told []string // more changed files to tell Update of (see updateFiles)
	// later: the site leaves the pages whose navigation alone changed
	// for WriteLater (Site.NavLater), which update calls after Update.
	later bool
}

// startUpdates builds the site of src for Updates (Options.Incremental
// as keep says).
func startUpdates(t *testing.T, opts content.Options, keep bool) *updateRun {
	t.Helper()
	if opts.Dest == "" {
		opts.Dest = filepath.Join(t.TempDir(), "out")
	}
	if opts.CacheDir == "" {
		opts.CacheDir = "-"
	}
	opts.Incremental = keep
	s, _, err := BuildSite(context.Background(), opts)
	if err != nil {
		t.Fatalf("first build: %v", err)
	}
	return &updateRun{s: s, opts: opts}
}

// modelTree is a published tree without what an Update leaves to others:
// the service worker's files (written by builds) and, unless search, the
// search index (written by SearchWriter).
func modelTree(t *testing.T, dir string, search bool) map[string]string {
	t.Helper()
	tree := publishedTree(t, dir)
	maps.DeleteFunc(tree, func(name, _ string) bool {
		return name == content.SwFile || strings.HasPrefix(name, "sw-files.") || name == content.OutputMarker ||
			!search && inSearchIndex(tree, name)
	})
	return tree
}

// inSearchIndex reports whether the file name of a published tree is
// part of a search index: the site's, or that of a language's site in
// its folder (fr/search/, beside fr/search/index.json).
func inSearchIndex(tree map[string]string, name string) bool {
	if strings.HasPrefix(name, content.SearchDir+"/") {
		return true
	}
	lang, rest, ok := strings.Cut(name, "/")
	if _, index := tree[lang+"/"+content.SearchDir+"/index.json"]; ok && index {
		return strings.HasPrefix(rest, content.SearchDir+"/")
	}
	return false
}

// searchTree is every file of the search indexes of a published site
// (the site's search/ and each language's, fr/search/), inflated: the
// shards and texts (.json.gz) and index.json's precompressed siblings
// (index.json.gz, index.json.br) by their names, so that a sibling is
// checked to be there and to hold what index.json holds.
func searchTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	raw := readTree(t, dir)
	out := map[string]string{}
	for name, body := range raw {
		if !inSearchIndex(raw, name) {
			continue
		}
		var r io.Reader
		switch {
		case strings.HasSuffix(name, ".gz"):
			z, err := gzip.NewReader(strings.NewReader(body))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r = z
		case strings.HasSuffix(name, ".br"):
			r = brotli.NewReader(strings.NewReader(body))
		}
		if r != nil {
			b, err := io.ReadAll(r)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			body = string(b)
		}
		out[name] = body
	}
	return out
}

// edit applies edits to the source (path -> new text; "" removes the
// file; a value "->NEW" moves the file to NEW) and returns the paths
// changed, as a watcher reports them.
func edit(t *testing.T, src string, edits map[string]string) []string {
	t.Helper()
	var files []string
	for _, name := range slices.Sorted(maps.Keys(edits)) {
		body := edits[name]
		p := filepath.Join(src, filepath.FromSlash(name))
		switch {
		case body == "":
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		case strings.HasPrefix(body, "->"):
			to := strings.TrimPrefix(body, "->")
			if err := os.MkdirAll(filepath.Dir(filepath.Join(src, filepath.FromSlash(to))), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(p, filepath.Join(src, filepath.FromSlash(to))); err != nil {
				t.Fatal(err)
			}
			files = append(files, to)
		default:
			write(t, src, name, body)
		}
		files = append(files, name)
	}
	return files
}

// update applies edits, updates the site and checks the result against
// a build of the edited source from nothing: with no error, the same
// published files, search index included once written, the same
// warnings, and of the files, exactly those that differ from before
// written and those gone removed; with errors, the build's errors and
// nothing written.
func (r *updateRun) update(t *testing.T, edits map[string]string) Update {
	t.Helper()
	before := modelTree(t, r.opts.Dest, false)
	files := edit(t, r.opts.Source, edits)
	files = slices.Compact(slices.Sorted(slices.Values(append(files, r.told...))))
	u, err := r.s.Update(context.Background(), files)
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	if r.later {
		more, err := r.s.WriteLater(context.Background())
		if err != nil {
			t.Fatalf("WriteLater: %v", err)
		}
		u.Outputs = append(u.Outputs, more...)
	}
	if u.Full {
		t.Fatalf("Update asks for a full build: %s", u.Reason)
	}
	fresh := r.opts
	fresh.Dest = filepath.Join(t.TempDir(), "fresh")
	fresh.Incremental = false
	res, err := Build(context.Background(), fresh)
	var diags content.Diagnostics
	switch {
	case errors.As(err, &diags):
		if got, want := u.Errors.Error(), diags.Error(); got != want {
			t.Fatalf("Update errors:\n%s\nbuild errors:\n%s", got, want)
		}
		if after := modelTree(t, r.opts.Dest, false); !mapsEqual(after, before) {
			t.Fatal("a failed Update changed the output")
		}
		return u
	case err != nil:
		t.Fatal(err)
	case len(u.Errors) > 0:
		t.Fatalf("Update errors %v; the build has none", u.Errors)
	}
	if got, want := u.Warnings.Error(), res.WarningList.Error(); got != want {
		t.Errorf("Update warnings:\n%s\nbuild warnings:\n%s", got, want)
	}
	want := modelTree(t, fresh.Dest, false)
	got := modelTree(t, r.opts.Dest, false)
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is not published by the Update", name)
		} else if g != want[name] {
			t.Errorf("%s differs from a build:\n%s", name, firstDiff(g, want[name]))
		}
	}
	var changed, gone []string
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is published by the Update, not by a build", name)
		}
	}
	for name, body := range want {
		if old, ok := before[name]; !ok || old != body {
			changed = append(changed, name)
		}
	}
	for name := range before {
		if _, ok := want[name]; !ok {
			gone = append(gone, name)
		}
	}
	slices.Sort(changed)
	slices.Sort(gone)
	if written := sortedCopy(u.Outputs); !slices.Equal(written, changed) {
		t.Errorf("wrote %q\nwant exactly the files that changed, %q", written, changed)
	}
	if !slices.Equal(u.Deleted, gone) {
		t.Errorf("removed %q, want %q", u.Deleted, gone)
	}
	if err := r.s.WriteSearchIndex(); err != nil {
		t.Fatal(err)
	}
	gs, ws := searchTree(t, r.opts.Dest), searchTree(t, fresh.Dest)
	for _, name := range slices.Sorted(maps.Keys(ws)) {
		if g, ok := gs[name]; !ok {
			t.Errorf("search index: %s is not written after the Update", name)
		} else if g != ws[name] {
			t.Errorf("search index: %s differs from a build's:\n%s", name, firstDiff(g, ws[name]))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(gs)) {
		if _, ok := ws[name]; !ok {
			t.Errorf("search index: %s is not a build's", name)
		}
	}
	return u
}

// firstDiff shows where got and want first differ, with some text around.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf(" got …%q…\nwant …%q…", got[from:min(len(got), i+120)], want[from:min(len(want), i+120)])
}

// TestFrameFields: every field of templates.Page is either compared by
// sameFrame or filled from a page's body: a field added to the view is
// added to one of the lists, so that an Update never keeps a page whose
// new field changed.
func TestFrameFields(t *testing.T) {
	known := append(slices.Clone(content.FrameFields), content.BodyFields...)
	typ := reflect.TypeFor[templates.Page]()
	for i := range typ.NumField() {
		if f := typ.Field(i); !slices.Contains(known, f.Name) {
			t.Errorf("templates.Page.%s is neither in frameFields (and sameFrame) nor in bodyFields (and body.fill)", f.Name)
		}
	}
	if len(known) != typ.NumField() {
		t.Errorf("the lists name %d fields, templates.Page has %d", len(known), typ.NumField())
	}
}

// TestUpdateLayouts: every layout goes through Update: in each, a body
// edit, a title edit, a heading others link to renamed (with the link), a
// new page, a page removed and a page renamed give what a build gives
// (updateRun.update), without a full build.
func TestUpdateLayouts(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		dir   string // where the pages are
		front string // front matter of a page, with %s for its title
	}{
		{"sitegen", map[string]string{}, "content/", "---\ntitle: %s\n---\n"},
		{"jekyll", map[string]string{"_config.yml": "title: J\n", "index.md": "---\ntitle: Home\n---\nHome.\n"}, "docs/", "---\ntitle: %s\n---\n"},
		{"hugo", map[string]string{"hugo.toml": "title = \"H\"\n", "content/_index.md": "Home.\n"}, "content/", "---\ntitle: %s\n---\n"},
		{"mkdocs", map[string]string{"mkdocs.yml": "site_name: M\n", "docs/index.md": "# Home\n"}, "docs/", "---\ntitle: %s\n---\n"},
		{"mdbook", map[string]string{"book.toml": "[book]\ntitle = \"B\"\n", "src/SUMMARY.md": "- [One](one.md)\n- [Two](two.md)\n- [Three](three.md)\n- [Four](four.md)\n"}, "src/", "# %s\n"},
		{"quartz", map[string]string{"quartz.config.ts": "export default { configuration: { pageTitle: \"Q\" } }\n", "content/index.md": "---\ntitle: Home\n---\nHome.\n"}, "content/", "---\ntitle: %s\n---\n"},
		{"docusaurus", map[string]string{"docusaurus.config.js": "module.exports = {title: 'D'};\n", "docs/intro.md": "---\nslug: /\n---\n# Home\n"}, "docs/", "---\ntitle: %s\n---\n"},
		{"vitepress", map[string]string{".vitepress/config.mts": "export default {title: 'V'}\n", "index.md": "# Home\n"}, "", "---\ntitle: %s\n---\n"},
		// The further folders of pages (layout.Layout.Roots): the blog's
		// posts and the pages plugin's Markdown pages.
		{"docusaurus blog", map[string]string{"docusaurus.config.js": "module.exports = {title: 'D'};\n", "docs/intro.md": "---\nslug: /\n---\n# Home\n"}, "blog/", "---\ntitle: %s\n---\n"},
		{"docusaurus pages", map[string]string{"docusaurus.config.js": "module.exports = {title: 'D'};\n", "docs/intro.md": "---\nslug: /\n---\n# Home\n"}, "src/pages/", "---\ntitle: %s\n---\n"},
		{"vault", map[string]string{".obsidian/app.json": "{}\n"}, "Notes/", "---\ntitle: %s\n---\n"},
		{"zola", map[string]string{"config.toml": "base_url = \"https://example.org\"\ntitle = \"Z\"\n", "content/_index.md": "+++\ntitle = \"Home\"\n+++\nHome.\n"}, "content/", "+++\ntitle = \"%s\"\n+++\n"},
		{"folder", map[string]string{"README.md": "# Home\n"}, "", "# %s\n"},
		// Astro Starlight: an autogenerated sidebar group, a page's
		// sidebar.label, an .mdx page
		// (https://starlight.astro.build/guides/sidebar/).
		{"starlight", map[string]string{
			"astro.config.mjs":               "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S', sidebar: [{ label: 'Rules', autogenerate: { directory: 'rules' } }] })] };\n",
			"src/content/docs/index.mdx":     "---\ntitle: Home\n---\nHome, see [one](/rules/one/).\n",
			"src/content/docs/rules/five.md": "---\ntitle: Five\nsidebar:\n  label: Fifth\n---\nFifth.\n",
		}, "src/content/docs/rules/", "---\ntitle: %s\n---\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := maps.Clone(tt.files)
			pg := func(title, body string) string { return fmt.Sprintf(tt.front, title) + "\n" + body + "\n" }
			files[tt.dir+"one.md"] = pg("One", "## Alpha\n\nSee [two](two.md#beta).")
			files[tt.dir+"two.md"] = pg("Two", "## Beta\n\nText.")
			files[tt.dir+"three.md"] = pg("Three", "Third.")
			src := t.TempDir()
			if tt.name == "sitegen" {
				src = writeTree(t, files)
			} else {
				sitetest.WriteFiles(t, src, files)
			}
			r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
			// A body save and a title save compute the frames of the
			// pages whose frame or output changes, no other (not a full
			// rebuild: every page's).
			exact := func(what string, files map[string]string) {
				t.Helper()
				kept, bodies := maps.Clone(r.s.Graph.Frames), maps.Clone(r.s.Graph.Bodies)
				u := r.update(t, files)
				t.Logf("%s: %d pages, %d frames, %d written, %d rendered", what, len(r.s.Pages), u.Frames, len(u.Pages), u.Rendered)
				if want := framesToCompute(r.s, kept, bodies, u); u.Frames != want {
					t.Errorf("%s computed %d frames of %d pages (%d written, %d rendered), want %d", what, u.Frames, len(r.s.Pages), len(u.Pages), u.Rendered, want)
				}
				if u.Rendered != 1 {
					t.Errorf("%s rendered %d bodies, want the saved page's alone", what, u.Rendered)
				}
			}
			exact("a body save", map[string]string{tt.dir + "three.md": pg("Three", "Third, edited.")})
			exact("a title save", map[string]string{tt.dir + "three.md": pg("Drei", "Third, edited.")})
			if tt.name == "starlight" {
				if r.s.Lay.Kind != layout.Starlight {
					t.Fatalf("layout %q, want %q", r.s.Lay.Kind, layout.Starlight)
				}
				exact("an .mdx body save", map[string]string{"src/content/docs/index.mdx": "---\ntitle: Home\n---\nHome, edited, see [one](/rules/one/).\n"})
				exact("a sidebar.label save", map[string]string{"src/content/docs/rules/five.md": "---\ntitle: Five\nsidebar:\n  label: Quinte\n---\nFifth.\n"})
			}
			r.update(t, map[string]string{tt.dir + "two.md": pg("Two", "## Gamma\n\nText."), tt.dir + "one.md": pg("One", "## Alpha\n\nSee [two](two.md#gamma).")})
			r.update(t, map[string]string{tt.dir + "four.md": pg("Four", "Fourth, linking [one](one.md).")})
			r.update(t, map[string]string{tt.dir + "three.md": ""})
			r.update(t, map[string]string{tt.dir + "four.md": "->" + tt.dir + "five.md"})
		})
	}
}
