package site

import (
	"compress/gzip"
	"context"
	"d6codex/cmd/sitegen/internal/markup"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// incrementalSite is the site the Update tests start from.
func incrementalSite() map[string]string {
	return map[string]string{
		"content/a/_index.md": "---\ntitle: Section A\ndescription: The A pages.\n---\n\nAbout A.\n",
		"content/a/one.md":    "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nSee [beta](two.md#beta).\n",
		"content/a/two.md":    "---\ntitle: Two\ndescription: Second.\nweight: 2\n---\n\n## Beta\n\nText.\n",
		"content/a/three.md":  "---\ntitle: Three\nweight: 3\n---\n\nThird.\n",
		"content/b/four.md":   "---\ntitle: Four\n---\n\n```fake\nblock\n```\n",
	}
}

// publishedTree reads a published site, leaving out precompressed
// siblings, with the search index folder's hash blanked in names and
// contents: Update keeps the index under its first name on purpose.
func publishedTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	for name, body := range readTree(t, dir) {
		index := strings.HasPrefix(name, "search/") && strings.HasSuffix(name, ".json.gz") && !strings.HasSuffix(name, "/index.json.gz")
		if !index && (strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz")) {
			continue
		}
		if index { // the index's shards and texts are published compressed
			z, err := gzip.NewReader(strings.NewReader(body))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b, err := io.ReadAll(z)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			body = string(b)
		}
		tree[searchRef(name)] = searchRef(body)
	}
	return tree
}

// searchRefRE matches the search index folder with its hash.
var searchRefRE = regexp.MustCompile(`search/[0-9a-f]{10}/`)

// searchRef blanks the hash of search/HASH/ references.
func searchRef(s string) string { return searchRefRE.ReplaceAllString(s, "search/#/") }

func TestUpdate(t *testing.T) {
	tests := []struct {
		name   string
		edit   map[string]string // path -> new content ("" removes the file)
		pages  []string          // URLs re-rendered, when incremental
		full   string            // substring of Update.Reason when a full build is needed
		errors string            // substring of the first error when the update fails
	}{
		{name: "body edit", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\nThird, edited.\n"},
			pages: []string{"/a/three/"}},
		{name: "heading added", edit: map[string]string{"content/a/two.md": "---\ntitle: Two\ndescription: Second.\nweight: 2\n---\n\n## Beta\n\nText.\n\n## Gamma\n"},
			pages: []string{"/a/two/"}},
		{name: "description edit", edit: map[string]string{"content/a/two.md": "---\ntitle: Two\ndescription: Second, better.\nweight: 2\n---\n\n## Beta\n\nText.\n"},
			pages: []string{"/a/two/", "/a/", "/a/one/", "/a/three/"}},
		{name: "two files", edit: map[string]string{
			"content/a/one.md":  "---\ntitle: One\ndescription: First.\nweight: 1\n---\n\n## Alpha\n\nSee [beta](two.md#beta) again.\n",
			"content/b/four.md": "---\ntitle: Four\n---\n\n```fake\nother block\n```\n"},
			pages: []string{"/a/one/", "/b/four/"}},
		{name: "title change", edit: map[string]string{"content/a/three.md": "---\ntitle: Drei\nweight: 3\n---\n"}, full: "title changed"},
		{name: "weight change", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 0\n---\n"}, full: "weight changed"},
		{name: "draft", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\ndraft: true\n---\n"}, full: "draft"},
		{name: "alias added", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\naliases: [/old/]\n---\n"}, full: "aliases"},
		{name: "block kind added", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\n```fake\nx\n```\n"}, full: "fenced block"},
		{name: "heading removed", edit: map[string]string{"content/a/two.md": "---\ntitle: Two\ndescription: Second.\nweight: 2\n---\n\nNo heading.\n"}, full: `"beta" removed`},
		{name: "new page", edit: map[string]string{"content/a/five.md": "---\ntitle: Five\n---\n"}, full: "new page"},
		{name: "removed page", edit: map[string]string{"content/a/three.md": ""}, full: "removed"},
		{name: "broken link", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\n[x](missing.md)\n"},
			errors: "content/a/three.md:6:1: broken link"},
		{name: "bad front matter", edit: map[string]string{"content/a/three.md": "---\ntitle: [Three\n---\n"},
			errors: "content/a/three.md:"},
		{name: "missing anchor", edit: map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\n[x](two.md#nope)\n"},
			errors: `no heading with id "nope"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, incrementalSite())
			dest := filepath.Join(t.TempDir(), "out")
			opts := Options{Source: src, Dest: dest, CacheDir: "-", Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}}
			s, _, err := BuildSite(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			before := publishedTree(t, dest)
			var files []string
			for name, body := range tt.edit {
				p := filepath.Join(src, filepath.FromSlash(name))
				if body == "" {
					if err := os.Remove(p); err != nil {
						t.Fatal(err)
					}
				} else if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
				files = append(files, name)
			}
			slices.Sort(files)
			u, err := s.Update(context.Background(), files)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.full != "":
				if !u.Full || !strings.Contains(u.Reason, tt.full) {
					t.Fatalf("Update = %+v, want a full build because %q", u, tt.full)
				}
				if got := publishedTree(t, dest); !mapsEqual(got, before) {
					t.Error("Update asking for a full build changed the output")
				}
				return
			case tt.errors != "":
				if len(u.Errors) == 0 || !strings.Contains(u.Errors.Error(), tt.errors) {
					t.Fatalf("Update errors = %v, want %q", u.Errors, tt.errors)
				}
				if got := publishedTree(t, dest); !mapsEqual(got, before) {
					t.Error("a failed Update changed the output")
				}
				return
			}
			if u.Full || len(u.Errors) > 0 {
				t.Fatalf("Update = %+v, want incremental", u)
			}
			if !slices.Equal(sortedCopy(u.Pages), sortedCopy(tt.pages)) {
				t.Errorf("re-rendered %v, want %v", u.Pages, tt.pages)
			}
			if err := s.WriteSearchIndex(); err != nil {
				t.Fatal(err)
			}
			// The result must be what a full build of the edited sources gives.
			fresh := filepath.Join(t.TempDir(), "fresh")
			opts.Dest = fresh
			if _, err := Build(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			got, want := publishedTree(t, dest), publishedTree(t, fresh)
			for name := range want {
				if got[name] != want[name] {
					t.Errorf("%s differs from a full build:\n got %q\nwant %q", name, got[name], want[name])
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s is not in a full build", name)
				}
			}
			// A second edit of the same page still works on the updated site.
			name := files[0]
			body, _ := os.ReadFile(filepath.Join(src, filepath.FromSlash(name)))
			if err := os.WriteFile(filepath.Join(src, filepath.FromSlash(name)), append(body, "\nMore.\n"...), 0o644); err != nil {
				t.Fatal(err)
			}
			if u, err := s.Update(context.Background(), []string{name}); err != nil || u.Full || len(u.Errors) > 0 {
				t.Errorf("second Update = %+v, %v", u, err)
			}
		})
	}
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

func TestPageURL(t *testing.T) {
	src := writeTree(t, incrementalSite())
	s, err := Load(context.Background(), Options{Source: src, BaseURL: "https://example.org/sub/"})
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		"content/a/one.md":    "/sub/a/one/",
		"content/a/_index.md": "/sub/a/",
		"content/_index.md":   "/sub/",
		"content/New Page.md": "/sub/new-page/",
		"site.toml":           "",
		"static/css/site.css": "",
	} {
		if got := s.PageURL(file); got != want {
			t.Errorf("PageURL(%q) = %q, want %q", file, got, want)
		}
	}
}

func TestPublishStatic(t *testing.T) {
	files := incrementalSite()
	files["static/img/logo.txt"] = "v1"
	src := writeTree(t, files)
	dest := filepath.Join(t.TempDir(), "out")
	s, _, err := BuildSite(context.Background(), Options{Source: src, Dest: dest, CacheDir: "-", Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}})
	if err != nil {
		t.Fatal(err)
	}
	logo := filepath.Join(src, "static/img/logo.txt")
	if err := os.WriteFile(logo, []byte("v2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.PublishStatic("img/logo.txt"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dest, "img/logo.txt")); string(b) != "v2" {
		t.Errorf("published %q, want v2", b)
	}
	if err := os.Remove(logo); err != nil {
		t.Fatal(err)
	}
	if err := s.PublishStatic("img/logo.txt"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dest, "img/logo.txt")); !os.IsNotExist(err) {
		t.Errorf("removed static file still published: %v", err)
	}
	if err := s.PublishStatic("css/site.css"); err == nil {
		t.Error("PublishStatic of a hashed asset succeeded")
	}
}

// TestLiveSearchName: under the dev server (Options.Live) the search index,
// which Update rewrites in place, is published under a name that claims no
// content hash, so its name never outlives its content (issue 10).
func TestLiveSearchName(t *testing.T) {
	src := writeTree(t, map[string]string{"content/a.md": "---\ntitle: A\n---\n\nFirst words.\n"})
	if _, err := build(t, src, Options{Live: true}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	if _, ok := out["search/live/index.json"]; !ok {
		t.Fatalf("no search/live/index.json among %d files", len(out))
	}
	if _, err := build(t, src, Options{}); err != nil {
		t.Fatal(err)
	}
	for name := range readTree(t, filepath.Join(src, "public")) {
		if strings.HasPrefix(name, "search/live/") {
			t.Errorf("a production build publishes %s", name)
		}
	}
}
