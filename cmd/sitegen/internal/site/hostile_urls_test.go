package site

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestGeneratedURLs is issue 31, item 5: every URL a build makes from
// what an editor wrote (aliases, Jekyll's redirect_from and permalink,
// tag pages) goes through one check (urlcheck.go): no hidden or reserved
// name (.well-known, CNAME, the marker, 404.html, sitemap.xml, the search
// index, the service worker, index.html written as a file), no "..", no
// clash with a page, a file of the content or static/, or a generated
// file; a clash is an error at the field's file:line:col naming both. A
// tag that is no tag name Obsidian accepts makes no tag page (a warning).
// Whatever the case, the deploy's own files in the output (.well-known/,
// CNAME) and every page survive two builds.
func TestGeneratedURLs(t *testing.T) {
	page := func(fm string) string { return "---\ntitle: A\n" + fm + "\n---\nText of A.\n" }
	tests := []struct {
		name  string
		files map[string]string // over the site below
		err   string            // the start of the first error; "" for a good build
		warn  string            // the start of a warning the good build must give
	}{
		{name: "alias into .well-known", files: map[string]string{"content/a.md": page("aliases: [/.well-known/acme-challenge/]")},
			err: `content/a.md:3:1: aliases: "/.well-known/acme-challenge/" holds the hidden name ".well-known"`},
		{name: "alias CNAME", files: map[string]string{"content/a.md": page("aliases: [/CNAME/]")},
			err: `content/a.md:3:1: aliases: "/CNAME/" is the name the output keeps for the host's CNAME file`},
		{name: "alias cname, lower case", files: map[string]string{"content/a.md": page("aliases: [/cname]")},
			err: `content/a.md:3:1: aliases: "/cname" is the name the output keeps for the host's CNAME file`},
		{name: "alias as a page's file", files: map[string]string{"content/a.md": page("aliases: [/b/index.html]")},
			err: `content/a.md:3:1: aliases: "/b/index.html" is the file of the page content/b.md`},
		{name: "alias /index.html", files: map[string]string{"content/a.md": page("aliases:\n  - /old/\n  - /index.html")},
			err: `content/a.md:3:1: aliases: "/index.html" is the file of the page content/_index.md`},
		{name: "alias /404.html", files: map[string]string{"content/a.md": page("aliases: [/404.html]")},
			err: `content/a.md:3:1: aliases: "/404.html" is the name of the site's 404 page`},
		{name: "alias /sitemap.xml", files: map[string]string{"content/a.md": page("aliases: [/sitemap.xml/]")},
			err: `content/a.md:3:1: aliases: "/sitemap.xml/" is the name of the site's sitemap.xml`},
		{name: "alias into the search index", files: map[string]string{"content/a.md": page("aliases: [/search/index.json]")},
			err: `content/a.md:3:1: aliases: "/search/index.json" is inside search/, the site's search index`},
		{name: "alias /sw.js", files: map[string]string{"content/a.md": page("aliases: [/sw.js]")},
			err: `content/a.md:3:1: aliases: "/sw.js" is the name of the site's service worker`},
		{name: "alias with ..", files: map[string]string{"content/a.md": page("aliases: [/../../etc/]")},
			err: `content/a.md:3:1: aliases: "/../../etc/" holds ".."`},
		{name: "alias with .. escaped", files: map[string]string{"content/a.md": page("aliases: [/%2e%2e/x/]")},
			err: `content/a.md:3:1: aliases: "/%2e%2e/x/" holds ".."`},
		{name: "alias over a static file", files: map[string]string{"content/a.md": page("aliases: [/favicon.svg]")},
			err: `content/a.md:3:1: aliases: "/favicon.svg" is the file /favicon.svg of static/ or the theme`},
		{name: "alias over a content file", files: map[string]string{"content/a.md": page("aliases: [/img/map.png]"), "content/img/map.png": "png"},
			err: `content/a.md:3:1: aliases: "/img/map.png" is the file content/img/map.png`},
		{name: "alias over a page", files: map[string]string{"content/a.md": page("aliases: [/rules/]")},
			err: `content/a.md:3:1: aliases: duplicate URL /rules/: also produced by content/rules.md`},
		{name: "Jekyll redirect_from .well-known", files: map[string]string{"_config.yml": "title: J\n", "a.md": page("redirect_from: [/.well-known/x/]")},
			err: `a.md:3:1: redirect_from: "/.well-known/x/" holds the hidden name ".well-known"`},
		{name: "Jekyll permalink CNAME", files: map[string]string{"_config.yml": "title: J\n", "a.md": page("permalink: /CNAME")},
			err: `a.md:3:1: permalink: "/CNAME" is the name the output keeps`},
		{name: "Jekyll permalink over a page", files: map[string]string{"_config.yml": "title: J\n", "a.md": page("permalink: /b.html"), "b.md": "---\ntitle: B\n---\n"},
			err: `a.md:3:1: permalink: duplicate URL /b.html: also produced by b.md`},
		{name: "tag ..", files: map[string]string{"content/a.md": page("tags: [\"..\", ok]")},
			warn: `content/a.md:3:1: tags: ".." is not a tag name Obsidian accepts`},
		{name: "tag x/../../rules", files: map[string]string{"content/a.md": page("tags: [x/../../rules]")},
			warn: `content/a.md:3:1: tags: "x/../../rules" is not a tag name Obsidian accepts`},
		{name: "tag index.html", files: map[string]string{"content/a.md": page("tags: index.html")},
			warn: `content/a.md:3:1: tags: "index.html" is not a tag name Obsidian accepts`},
		{name: "tag page over a page", files: map[string]string{"content/a.md": page("tags: [spells]"), "content/tags/spells.md": "---\ntitle: Spells\n---\n"},
			err: `content/tags/spells.md:1:1: duplicate URL /tags/`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := map[string]string{
				"content/b.md":        "---\ntitle: B\n---\nText of B.\n",
				"content/rules.md":    "---\ntitle: Rules\n---\nText of the rules.\n",
				"content/a.md":        page(""),
				"static/favicon.svg":  "<svg/>",
				"content/img/map.png": "png",
			}
			files := base
			if _, jekyll := tt.files["_config.yml"]; jekyll {
				files = map[string]string{"index.md": "---\ntitle: Home\n---\nHome.\n", "b.md": "---\ntitle: B\n---\nText of B.\n"}
			}
			src := writeTree(t, files)
			if _, jekyll := tt.files["_config.yml"]; jekyll {
				for _, f := range []string{"site.toml", "content/_index.md"} {
					if err := os.Remove(filepath.Join(src, f)); err != nil {
						t.Fatal(err)
					}
				}
			}
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			// The deploy's own files beside the site.
			sitetest.WriteFiles(t, dest, map[string]string{".well-known/acme-challenge/token": "acme", "CNAME": "rules.example\n"})
			pages := map[string]string{}
			for name, body := range readTree(t, dest) {
				if strings.HasSuffix(name, "index.html") {
					pages[name] = body
				}
			}
			sitetest.WriteFiles(t, src, tt.files)
			var err error
			var res Result
			for range 2 {
				res, err = build(t, src, content.Options{Theme: theme, Dest: dest})
			}
			after := readTree(t, dest)
			if after[".well-known/acme-challenge/token"] != "acme" || after["CNAME"] != "rules.example\n" {
				t.Error("the deploy's .well-known/ or CNAME is gone")
			}
			for name, body := range pages {
				if got, ok := after[name]; !ok || got != body && !strings.Contains(got, "Text of") {
					t.Errorf("%s was replaced", name)
				}
			}
			if tt.err == "" {
				if err != nil {
					t.Fatalf("build: %v", err)
				}
				var warns []string
				for _, w := range res.WarningList {
					warns = append(warns, w.String())
				}
				if !slices.ContainsFunc(warns, func(w string) bool { return strings.HasPrefix(w, tt.warn) }) {
					t.Errorf("no warning %q in %q", tt.warn, warns)
				}
				for name := range after {
					if strings.Contains(name, "..") || strings.HasPrefix(name, "tags/index.html/") {
						t.Errorf("a tag made %s", name)
					}
				}
				return
			}
			var diags content.Diagnostics
			if !errors.As(err, &diags) || len(diags) == 0 {
				t.Fatalf("err = %v, want diagnostics", err)
			}
			if !strings.HasPrefix(diags[0].String(), tt.err) {
				t.Errorf("first error %q, want %q…", diags[0], tt.err)
			}
		})
	}
}
