package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllDataNav: a Jekyll site whose own layout draws its navigation
// from a list of links has that list as sitegen's navigation, its order,
// nesting and labels; the pages it does not list follow. The format is
// minimal-mistakes' (its _data/navigation.yml, read by its nav_list
// include, which many themes copy): "{% for nav in navigation %} … {% if
// nav.url %} … <a href=\"{{ domain }}{{ nav.url }}\">…{{ nav.title }}… {%
// if nav.children != null %} … {% for child in nav.children %}"
// (_includes/nav_list, https://github.com/mmistakes/minimal-mistakes);
// hawthorneguild/Guides writes the same list as navigation: in
// _config.yml, with entries that name a collection (collection: rules)
// for its documents, looped by its default layout over site.navigation.
func TestJekyllDataNav(t *testing.T) {
	pages := map[string]string{
		"index.md":    "---\ntitle: Home\n---\nWelcome.\n",
		"start.md":    "---\ntitle: Getting Started\npermalink: /start/\n---\n",
		"combat.md":   "---\ntitle: Combat\n---\n",
		"magic.md":    "---\ntitle: Magic\n---\n",
		"aardvark.md": "---\ntitle: Aardvark\n---\n",
		"zeta.md":     "---\ntitle: Zeta\n---\n",
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		order []string // the links of the home page's navigation, in this order
		label map[string]string
	}{
		{"minimal-mistakes' _data/navigation.yml", map[string]string{
			"_config.yml":           "title: J\n",
			"_layouts/default.html": "<html><body><nav>{% for nav in site.data.navigation.docs %}<a href=\"{{ nav.url }}\">{{ nav.title }}</a>{% endfor %}</nav>{{ content }}</body></html>\n",
			"_data/navigation.yml": "main:\n  - title: Home\n    url: /\ndocs:\n  - title: Getting Started\n    url: /start/\n  - title: Rules\n    children:\n" +
				"      - title: Fighting\n        url: /combat.html\n      - title: Magic\n        url: /magic\n  - title: Forum\n    url: https://example.com/forum\n",
		}, []string{"/start/", "/combat.html", "/magic.html", "https://example.com/forum", "/aardvark.html", "/zeta.html"},
			map[string]string{"/combat.html": "Fighting"}},
		{"navigation: in _config.yml, a collection", map[string]string{
			"_config.yml": "title: J\ncollections:\n  rules:\n    output: true\nnavigation:\n  - title: Home\n    url: /\n  - title: Rules & Roles\n    collection: rules\n  - title: Magic\n    url: /magic.html\n",
			"_layouts/default.html": "<html><body><nav>{% for nav_item in site.navigation %}{% if nav_item.url %}<a href=\"{{ nav_item.url }}\">{{ nav_item.title }}</a>" +
				"{% elsif nav_item.collection %}{% for p in site[nav_item.collection] %}<a href=\"{{ p.url }}\">{{ p.title }}</a>{% endfor %}{% endif %}{% endfor %}</nav>{{ content }}</body></html>\n",
			"_rules/roles.md": "---\ntitle: Roles\n---\n",
		}, []string{"/rules/roles.html", "/magic.html", "/aardvark.html", "/combat.html"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			files := map[string]string{}
			for k, v := range pages {
				files[k] = v
			}
			for k, v := range tt.files {
				files[k] = v
			}
			sitetest.WriteFiles(t, src, files)
			dest := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(filepath.Join(dest, "aardvark.html"))
			if err != nil {
				t.Fatal(err)
			}
			html := string(raw)
			nav := html
			if i := strings.Index(nav, `class="site-nav"`); i > 0 {
				nav = nav[i:]
			}
			if i := strings.Index(nav, "</nav>"); i > 0 {
				nav = nav[:i]
			}
			last := -1
			for _, u := range tt.order {
				i := strings.Index(nav, `href="`+u+`"`)
				if i < 0 || i < last {
					t.Fatalf("the navigation does not list %v in that order (%s at %d, after %d):\n%s", tt.order, u, i, last, nav)
				}
				last = i
			}
			for u, label := range tt.label {
				i := strings.Index(nav, `href="`+u+`"`)
				if j := strings.Index(nav[i:], "</a>"); j < 0 || !strings.Contains(nav[i:i+j], label) {
					t.Errorf("%s: want the label %q", u, label)
				}
			}
		})
	}
}

// TestJekyllWikilinkTitle: Jekyll has no wikilinks of its own; the sites
// that write [[…]] resolve it in their own Liquid or plugin by the page's
// title: arlowatts/torys's page layout looks each up with
// "site.pages | where: \"title\", link_title", and the digital garden
// template's bidirectional links plugin matches "[[…]]" against each
// note's "note.data['title']" as well as its file name
// (https://github.com/maximevaillancourt/digital-garden-jekyll-template,
// _plugins/bidirectional_links_generator.rb). sitegen resolves a
// wikilink by file name first, then by a page's front matter title.
func TestJekyllWikilinkTitle(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":         "title: J\n",
		"index.md":            "---\ntitle: Home\n---\nThe king [[Oeged Naaftet]] rules from [[castle]].\n",
		"people/oeged.md":     "---\ntitle: Oeged Naaftet\n---\nA king.\n",
		"places/castle.md":    "---\ntitle: The Castle\n---\nStones.\n",
		"places/castle-at.md": "---\ntitle: castle\n---\nA page titled as the other's file.\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(raw)
	for _, want := range []string{`href="/people/oeged.html">Oeged Naaftet</a>`, `href="/places/castle.html">castle</a>`} {
		if !strings.Contains(html, want) {
			t.Errorf("want %s in the home page:\n%s", want, html)
		}
	}
}
