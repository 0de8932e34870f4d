package site

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoTaxonomies: Hugo writes each taxonomy's list of terms and a
// page a term, not the tags' alone. "Hugo natively supports taxonomies"
// and "Hugo automatically creates taxonomies for tags and categories"
// unless the site configuration declares its own ("[taxonomies] category
// = 'categories' ... series = 'series'",
// https://gohugo.io/content-management/taxonomies/); "disableKinds:
// Disable rendering of the listed page kinds", "taxonomy" the list of a
// taxonomy's terms, "term" a term's page
// (https://gohugo.io/configuration/all/#disablekinds).
//
// Measured with hugo 0.111 on this fixture ([taxonomies] tags,
// categories, systems): /categories/ "Categories", /categories/core-rules/
// "Core Rules" (the first spelling of the term in content order),
// /categories/magic/, /systems/ "Systems", /systems/d6-system/; with
// disableKinds taxonomy the term pages without the lists; with
// disableKinds term the lists without the term pages. With no
// [taxonomies], tags and categories: /categories/ is written with no term.
func TestHugoTaxonomies(t *testing.T) {
	files := func(toml string) map[string]string {
		return map[string]string{
			"hugo.toml":         "title = 'H'\n" + toml,
			"content/_index.md": "---\ntitle: Home\n---\nhome\n",
			"content/rules/a.md": "---\ntitle: A\ntags: [Dice]\ncategories: ['Core Rules']\nsystems: ['D6 System']\n---\n" +
				"See [the core rules](/categories/core-rules/) (a term of a taxonomy).\n",
			"content/rules/b.md": "---\ntitle: B\ncategories: ['core rules', Magic]\n---\nb\n",
		}
	}
	const declared = "[taxonomies]\ntag = 'tags'\ncategory = 'categories'\nsystem = 'systems'\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  map[string]string // taxonomy page (folder) -> its title
		lists map[string][]string
	}{
		{"declared", files(declared), map[string]string{
			"categories": "Categories", "categories/core-rules": "Core Rules", "categories/magic": "Magic",
			"systems": "Systems", "systems/d6-system": "D6 System", "tags": "Tags", "tags/dice": "Dice"},
			map[string][]string{"categories/core-rules": {"A", "B"}, "categories/magic": {"B"}, "categories": {"Core Rules", "Magic"}}},
		{"default taxonomies", files(""), map[string]string{
			"categories": "Categories", "categories/core-rules": "Core Rules", "categories/magic": "Magic", "tags": "Tags", "tags/dice": "Dice"}, nil},
		{"default, no category", map[string]string{"hugo.toml": "title = 'H'\n", "content/_index.md": "home\n", "content/a.md": "---\ntitle: A\n---\na\n"},
			map[string]string{"categories": "Categories", "tags": "Tags"}, nil},
		{"taxonomy kind disabled", files(declared + "\n"), nil, nil},
		{"own list page", func() map[string]string {
			f := files(declared)
			f["content/categories/_index.md"] = "---\ntitle: Kinds of rules\n---\nThe rules by kind.\n"
			return f
		}(), map[string]string{
			"categories": "Kinds of rules", "categories/core-rules": "Core Rules", "categories/magic": "Magic",
			"systems": "Systems", "systems/d6-system": "D6 System", "tags": "Tags", "tags/dice": "Dice"}, nil},
	} {
		if tc.name == "taxonomy kind disabled" {
			tc.files["hugo.toml"] = "title = 'H'\ndisableKinds = ['taxonomy']\n" + declared
			tc.want = map[string]string{"categories/core-rules": "Core Rules", "categories/magic": "Magic", "systems/d6-system": "D6 System", "tags/dice": "Dice"}
		}
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, tc.files)
			got := map[string]string{}
			for name, body := range out {
				dir, ok := strings.CutSuffix(name, "/index.html")
				if !ok || !slices.Contains([]string{"tags", "categories", "systems"}, strings.Split(dir, "/")[0]) {
					continue
				}
				got[dir] = pageH1(body)
			}
			for dir, title := range tc.want {
				if g, ok := got[dir]; !ok {
					t.Errorf("%s/ not written", dir)
				} else if g != title {
					t.Errorf("%s/ titled %q, want %q", dir, g, title)
				}
			}
			for dir := range got {
				if _, ok := tc.want[dir]; !ok {
					t.Errorf("%s/ written, not by hugo", dir)
				}
			}
			for dir, items := range tc.lists {
				body := out[dir+"/index.html"]
				for _, item := range items {
					if !strings.Contains(body, ">"+item+"<") {
						t.Errorf("%s/ does not list %q", dir, item)
					}
				}
			}
		})
	}
}

// h1 matches a page's first heading.
var h1 = regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`)

// pageH1 is the text of a page's first heading, tags stripped.
func pageH1(body string) string {
	m := h1.FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m[1], ""))
}

// TestUpdateHugoTaxonomies: an Update that changes a page's categories
// writes what a build writes (update compares them byte for byte): the
// new term's page, the list of terms, no page for a term no page names.
func TestUpdateHugoTaxonomies(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":          "title = 'H'\n",
		"content/_index.md":  "---\ntitle: Home\n---\nhome\n",
		"content/rules/a.md": "---\ntitle: A\ncategories: ['Core Rules']\n---\na\n",
		"content/rules/b.md": "---\ntitle: B\ncategories: [Magic]\n---\nb\n",
	})
	r := startUpdates(t, content.Options{Theme: theme, Source: src}, true)
	r.update(t, map[string]string{"content/rules/b.md": "---\ntitle: B\ncategories: [Combat]\n---\nb\n"})
	for name, want := range map[string]bool{"categories/combat/index.html": true, "categories/magic/index.html": false} {
		if _, err := os.Stat(filepath.Join(r.opts.Dest, name)); (err == nil) != want {
			t.Errorf("%s written %v, want %v", name, err == nil, want)
		}
	}
}

// TestHugoTermTitlePathOrder: a term written in several spellings is
// titled by the first page in content path order that writes it, not
// sitegen's reading order (newest first). Hugo 0.111 measured, as on
// evilchili/telisar-website: dramatis_personae.md (2019, "DM") before
// posts/mob_rules.md (2020, "dm") titles /tags/dm/ "DM"; and a page
// of weight 1 under posts/ does not win over a root page of weight 5.
func TestHugoTermTitlePathOrder(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"hugo.toml":                  "title = 'H'\n",
		"content/_index.md":          "---\ntitle: Home\n---\nhome\n",
		"content/dramatis.md":        "---\ntitle: Dramatis\ndate: 2019-09-22\ntags: ['DM']\ncategories: ['Lore Book']\n---\nx\n",
		"content/posts/mob_rules.md": "---\ntitle: Mob\ndate: 2020-02-03\ntags: ['dm']\ncategories: ['lore book']\n---\nx\n",
	})
	for page, want := range map[string]string{"tags/dm/index.html": "DM", "categories/lore-book/index.html": "Lore Book"} {
		if got := pageH1(out[page]); got != want {
			t.Errorf("%s titled %q, want %q", page, got, want)
		}
	}
}
