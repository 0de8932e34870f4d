package site

import (
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// zolaSite is a small Zola site written as the two campaign sites of
// MB12 (session 13) are: config.toml with base_url, TOML front matter,
// sections with sort_by and weight, @/ links, templates/ and sass/.
func zolaSite() map[string]string {
	return map[string]string{
		"config.toml":                     "base_url = \"https://campaign.test\"\ntitle = \"Campaign\"\ncompile_sass = true\ntaxonomies = [{ name = \"tags\" }]\n\n[languages.fr]\n\n[extra]\nnav_menu = [{ link = \"/rules\", name = \"Rules\" }]\n",
		"content/_index.md":               "+++\ntitle = \"Campaign\"\nsort_by = \"weight\"\n+++\n\nStart with [character creation](@/misc/character_creation.md).\n",
		"content/rules/_index.md":         "+++\ntitle = \"Rules\"\nsort_by = \"weight\"\nweight = 2\n+++\n",
		"content/rules/ability_scores.md": "+++\ntitle = \"Ability Scores\"\nweight = 1\n[extra]\ncover = \"x.webp\"\n+++\n\n## Modifiers\n\nAdd it.\n\n## Saving throws {#saves}\n\nRoll.\n",
		"content/rules/combat.md": "+++\ntitle = \"Combat\"\nweight = 2\n+++\n\nSee [modifiers](@/rules/ability_scores.md#modifiers), [saves](@/rules/ability_scores.md#saves) and [the rules](@/rules/_index.md).\n\n" +
			"{% aside(kind=\"tip\") %}\nA **tip** in an aside.\n{% end %}\n\n{{ youtube(id=\"dQw4w9WgXcQ\") }}\n",
		"content/rules/combat.fr.md":         "+++\ntitle = \"Combat (fr)\"\n+++\n\nVoir [les règles](@/rules/_index.md).\n",
		"content/rules/secret.md":            "+++\ntitle = \"Secret\"\ndraft = true\n+++\n",
		"content/rules/fragment.md":          "+++\ntitle = \"Fragment\"\nrender = false\n+++\n",
		"content/misc/_index.md":             "+++\ntitle = \"Misc\"\nweight = 1\n+++\n",
		"content/misc/character_creation.md": "---\ntitle: Character creation\n---\n\n1. Roll [ability scores](@/rules/ability_scores.md).\n",
		"content/wip/_index.md":              "+++\ntitle = \"WIP\"\ndraft = true\n+++\n",
		"content/wip/idea.md":                "+++\ntitle = \"Idea\"\n+++\n",
		"content/wip/notes.txt":              "the drafted section's asset",
		"content/wip/plans/_index.md":        "+++\ntitle = \"Plans\"\n+++\n",
		"content/wip/plans/map.png":          "png",
		"content/wip/later/index.md":         "+++\ntitle = \"Later\"\n+++\n",
		"content/wip/later/cover.jpg":        "jpg",
		"content/wip/sketches/draft.svg":     "<svg/>", // a plain folder (no _index.md, no index.md) below the drafted section
		"content/wip/plans/old/scan.png":     "png",    // and below its subsection
		"content/archive/_index.md":          "+++\ntitle = \"Archive\"\nrender = false\n+++\n",
		"content/archive/old-rules.md":       "+++\ntitle = \"Old rules\"\n+++\n",
		"content/setting/_index.md":          "+++\ntitle = \"Setting\"\nredirect_to = \"rules/ability-scores\"\nweight = 3\n+++\n",
		"content/setting/gods.md":            "+++\ntitle = \"Gods\"\n+++\n\nBack to [the setting](@/setting/_index.md).\n",
		"content/misc/theme.md":              "\n+++\ntitle = \"A Blank Line First\"\n+++\n\nA TOML table [[extra.socials]] and #hashtag are text.\n",
		"content/misc/Old_Map/index.md":      "+++\ntitle = \"Old map\"\n+++\n\n![the map](map.png)\n",
		"content/misc/Old_Map/map.png":       "png",
		"content/misc/handout.pdf":           "pdf",
		"static/favicon.svg":                 "<svg/>",
		"templates/index.html":               "{{ section.content | safe }}",
		"templates/shortcodes/aside.html":    "<aside>{% include \"aside-head.html\" %}{{ body | markdown | safe }}</aside>",
		"sass/site.scss":                     "body { color: red }",
		"docs/index.html":                    "<p>an old build</p>",
	}
}

// TestZolaSite builds a Zola site by Zola's rules
// (https://www.getzola.org/documentation/content/): "start the link with
// @/ and point to the .md file you want to link to. The path to the file
// starts from the content directory", with its anchors; "manually specify
// an id with a {#…} suffix on the heading line"; pages at their slugified
// file names; drafts (a page's, a section's) and render = false (a
// page's; a section's page, not its pages) not published, nor the files of
// a drafted section ("When a section is drafted, its descendants (such as
// pages, subsections and assets) will not be processed",
// https://www.getzola.org/documentation/content/section/#drafting;
// eval14B NB6; a plain folder below it too, eval14B's follow-up); templates/, sass/ and the old output not published;
// static/ at the root; shortcodes warned, a body kept as Markdown.
// Read as Hugo's (before the layout), the @/ links were broken links.
func TestZolaSite(t *testing.T) {
	out, res := buildFolder(t, zolaSite())
	if !strings.HasPrefix(res.Layout, "Zola site (config.toml)") {
		t.Fatalf("layout %q", res.Layout)
	}
	combat := out["rules/combat/index.html"]
	for _, want := range []string{
		`href="/rules/ability-scores/#modifiers">modifiers</a>`,
		`href="/rules/ability-scores/#saves">saves</a>`,
		`href="/rules/">the rules</a>`,
		`<strong>tip</strong> in an aside`,
	} {
		if !strings.Contains(combat, want) {
			t.Errorf("rules/combat lacks %s", want)
		}
	}
	for _, not := range []string{"youtube", "{%", "{{", "aside("} {
		if strings.Contains(combat, not) {
			t.Errorf("rules/combat shows %q", not)
		}
	}
	if !strings.Contains(out["rules/ability-scores/index.html"], `id="saves"`) {
		t.Errorf("the {#saves} heading has no id saves")
	}
	if !strings.Contains(out["index.html"], `href="/misc/character-creation/">character creation</a>`) {
		t.Errorf("the home page's @/ link is not the page's URL")
	}
	if !strings.Contains(out["fr/rules/combat/index.html"], `href="/rules/">les règles</a>`) {
		t.Errorf("the translation is not at /fr/rules/combat/ with its link")
	}
	for _, p := range []string{"favicon.svg", "misc/handout.pdf", "rules/index.html", "misc/character-creation/index.html", "archive/old-rules/index.html"} {
		if _, ok := out[p]; !ok {
			t.Errorf("%s is not published", p)
		}
	}
	for p := range out {
		for _, bad := range []string{"secret", "fragment", "wip/", "idea", "templates/", "sass/", "site.scss", "docs/", "config.toml", "ability_scores", "character_creation"} {
			if strings.Contains(p, bad) {
				t.Errorf("%s is published", p)
			}
		}
	}
	// redirect_to: "This determines whether to redirect when a user
	// lands on the section"
	// (https://www.getzola.org/documentation/content/section/#front-matter):
	// the section's URL is a redirect there, and a link to the section
	// goes where the reader lands.
	if r := out["setting/index.html"]; !strings.Contains(r, `url=/rules/ability-scores/`) {
		t.Errorf("setting/ is not a redirect to /rules/ability-scores/: %.300s", r)
	}
	if !strings.Contains(out["setting/gods/index.html"], `href="/rules/ability-scores/">the setting</a>`) {
		t.Errorf("the link to the redirecting section does not go where it lands")
	}
	// Front matter after a blank line ("^[[:space:]]*\+\+\+", Zola's
	// split.rs); no wikilinks or tags in pulldown-cmark's Markdown.
	if th := out["misc/theme/index.html"]; !strings.Contains(th, "<title>A Blank Line First") || strings.Contains(th, "+++") || !strings.Contains(th, "[[extra.socials]] and #hashtag are text") {
		t.Errorf("misc/theme: %.400s", th)
	}
	// "All non-Markdown files you add in a page/section directory will be
	// copied alongside the generated page"
	// (https://www.getzola.org/documentation/content/overview/#asset-colocation):
	// beside the page's slugified URL.
	if _, ok := out["misc/old-map/map.png"]; !ok || !strings.Contains(out["misc/old-map/index.html"], `src="/misc/old-map/map.png"`) {
		t.Errorf("the page's asset is not beside it at /misc/old-map/map.png")
	}
	if _, ok := out["archive/index.html"]; ok {
		t.Errorf("the section with render = false has a page")
	}
	var warned []string
	for _, w := range res.WarningList {
		warned = append(warned, w.String())
	}
	for _, want := range []string{"content/rules/combat.md:8:1: shortcode aside()", "content/rules/combat.md:12:1: shortcode youtube()"} {
		if !strings.Contains(strings.Join(warned, "\n"), want) {
			t.Errorf("no warning %s in %v", want, warned)
		}
	}
	if len(res.Errors) != 0 {
		t.Errorf("errors: %v", res.Errors)
	}
}

// TestZolaBrokenContentLink: "By default, broken internal links are
// treated as errors" (https://www.getzola.org/documentation/content/linking/):
// an @/ link to no file is one, at its line.
func TestZolaBrokenContentLink(t *testing.T) {
	files := zolaSite()
	files["content/rules/combat.md"] = "+++\ntitle = \"Combat\"\n+++\n\nSee [gone](@/rules/gone.md).\n"
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	_, err := build(t, dir, content.Options{Theme: theme})
	if err == nil || !strings.Contains(err.Error(), "content/rules/combat.md:5:5: broken link \"@/rules/gone.md\"") {
		t.Errorf("err = %v", err)
	}
}

// TestZolaTaxonomyTags: "[taxonomies] tags = ["rust", "web"]" in a page's
// front matter puts it on the tags taxonomy's term pages, which Zola
// renders at /tags/ (the list) and /tags/NAME/ (a term, its name
// slugified) when config.toml declares the taxonomy ("taxonomies = [{name
// = "tags"}]"; "Zola will not make pages for a taxonomy not declared",
// https://www.getzola.org/documentation/content/taxonomies/). Before,
// sitegen read only a front matter tags: key, which Zola has not, and made
// no term page.
func TestZolaTaxonomyTags(t *testing.T) {
	page := "+++\ntitle = \"Gate\"\n[taxonomies]\ntags = [\"Plane Shift\", \"magic\"]\n+++\nA gate.\n"
	for _, tc := range []struct {
		name, config string
		tags         []string
	}{
		{"declared", "base_url = \"https://z.test\"\ntaxonomies = [{ name = \"tags\" }]\n", []string{"tags/index.html", "tags/magic/index.html", "tags/plane-shift/index.html"}},
		{"not declared", "base_url = \"https://z.test\"\ntaxonomies = [{ name = \"categories\" }]\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, map[string]string{
				"config.toml":               tc.config,
				"content/_index.md":         "+++\ntitle = \"Home\"\n+++\n",
				"content/spells/_index.md":  "+++\ntitle = \"Spells\"\n+++\n",
				"content/spells/gate.md":    page,
				"content/spells/unbound.md": "+++\ntitle = \"Unbound\"\n+++\nNo tags.\n",
			})
			var tags []string
			for name := range out {
				if strings.HasPrefix(name, "tags/") {
					tags = append(tags, name)
				}
			}
			slices.Sort(tags)
			if !slices.Equal(tags, tc.tags) {
				t.Fatalf("tag pages %q, want %q", tags, tc.tags)
			}
			if tc.tags != nil {
				if p := out["tags/plane-shift/index.html"]; !strings.Contains(p, `href="/spells/gate/"`) || strings.Contains(p, "unbound") {
					t.Errorf("tags/plane-shift/ does not list only spells/gate:\n%s", p)
				}
			}
		})
	}
}

// TestZolaTaxonomyTagsLanguages: a translation's terms are its
// language's taxonomy. Zola's multilingual.md: "[languages.fr] …
// taxonomies = [{name = "auteurs"}, {name = "tags"}]"; taxonomies.md:
// "lang: only set this if you are making a multilingual site and want to
// indicate which language this taxonomy is for": the French terms at
// /fr/tags/TERM/, listing the French pages only; a language that declares
// no tags taxonomy has no tag pages (AOSC-Dev/wiki's zh pages, in short).
func TestZolaTaxonomyTagsLanguages(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"config.toml":          "base_url = \"https://z.test\"\ntaxonomies = [{ name = \"tags\" }]\n[languages.fr]\ntaxonomies = [{ name = \"tags\", lang = \"fr\" }]\n[languages.de]\ntitle = \"Z\"\n",
		"content/_index.md":    "+++\ntitle = \"Home\"\n+++\n",
		"content/_index.fr.md": "+++\ntitle = \"Accueil\"\n+++\n",
		"content/gate.md":      "+++\ntitle = \"Gate\"\n[taxonomies]\ntags = [\"magic\"]\n+++\nA gate.\n",
		"content/gate.fr.md":   "+++\ntitle = \"Porte\"\n[taxonomies]\ntags = [\"magie\", \"magic\"]\n+++\nUne porte.\n",
		"content/gate.de.md":   "+++\ntitle = \"Tor\"\n[taxonomies]\ntags = [\"magie\"]\n+++\nEin Tor.\n",
	})
	var tags []string
	for name := range out {
		if strings.Contains(name, "tags/") {
			tags = append(tags, name)
		}
	}
	slices.Sort(tags)
	want := []string{"fr/tags/index.html", "fr/tags/magic/index.html", "fr/tags/magie/index.html", "tags/index.html", "tags/magic/index.html"}
	if !slices.Equal(tags, want) {
		t.Fatalf("tag pages %q, want %q", tags, want)
	}
	list := func(page string) string {
		_, l, _ := strings.Cut(out[page], `class="children"`)
		l, _, _ = strings.Cut(l, "</ul>")
		return l
	}
	if l := list("fr/tags/magic/index.html"); l != `><li><a href="/fr/gate/">Porte</a> </li>` {
		t.Errorf("fr/tags/magic/ lists %s, want the French page only", l)
	}
	if l := list("tags/magic/index.html"); l != `><li><a href="/gate/">Gate</a> </li>` {
		t.Errorf("tags/magic/ lists %s, want the default language's page only", l)
	}
}

// TestZolaTeraMacroTheme builds a site whose page calls a theme's
// shortcode that imports the site's macros (Tera: "{% import
// "macros.html" as macros %} … {{ macros::input(label="Name") }}"; Zola:
// "Any file from the theme can be overridden by creating a file with the
// same path and name in your templates … directory"): the stat block is on
// the page, with no warning.
func TestZolaTeraMacroTheme(t *testing.T) {
	out, res := buildFolder(t, map[string]string{
		"config.toml":       "base_url = \"https://z.test\"\ntheme = \"srd\"\n",
		"content/_index.md": "+++\ntitle = \"Home\"\n+++\n",
		"content/orc.md":    "+++\ntitle = \"Orc\"\n+++\n{{ stats(str=16, dex=12) }}\n",
		"themes/srd/templates/shortcodes/stats.html": `{% import "macros.html" as m %}<dl class="stats">{{ m::stat(k="STR", v=str) }}{{ m::stat(k="DEX", v=dex) }}{{ m::stat(k="CON") }}</dl>`,
		"themes/srd/templates/macros.html":           `{% macro stat(k, v=10) %}<dt>{{ k }}</dt><dd>{{ v }}</dd>{% endmacro %}`,
		"templates/macros.html":                      `{% macro stat(k, v=10) %}<dt>{{ k | lower }}</dt><dd>{{ v }}</dd>{% endmacro %}`,
	})
	if want := `<dl class="stats"><dt>str</dt><dd>16</dd><dt>dex</dt><dd>12</dd><dt>con</dt><dd>10</dd></dl>`; !strings.Contains(out["orc/index.html"], want) {
		t.Errorf("orc/ lacks %s:\n%s", want, out["orc/index.html"])
	}
	if len(res.Warnings) != 0 {
		t.Errorf("warnings: %q", res.Warnings)
	}
}

// TestZolaTransparent: "Whether the section should pass its pages on to
// the parent section. Defaults to `false`. Useful when the section
// shouldn't split up the parent section, like sections for each year
// under a posts section" (transparent = true,
// https://www.getzola.org/documentation/content/section/#front-matter).
// A transparent section's pages are among its parent's pages, sorted by
// the parent's sort_by ("This will be sort all pages by their weight
// field, from lightest weight (at the top of the list) to heaviest");
// the section keeps its page. A section that is not transparent keeps
// its pages.
func TestZolaTransparent(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"config.toml":                       "base_url = \"https://z.test\"\ntitle = \"Z\"\n",
		"content/_index.md":                 "+++\ntitle = \"Home\"\n+++\n",
		"content/posts/_index.md":           "+++\ntitle = \"Posts\"\nsort_by = \"weight\"\n+++\n",
		"content/posts/2023/_index.md":      "+++\ntitle = \"Year 2023\"\ntransparent = true\nsort_by = \"title\"\nweight = 9\n+++\n",
		"content/posts/2023/alpha.md":       "+++\ntitle = \"Alpha\"\nweight = 3\n+++\nA.\n",
		"content/posts/2023/gamma/index.md": "+++\ntitle = \"Gamma\"\nweight = 1\n+++\nC.\n",
		"content/posts/beta.md":             "+++\ntitle = \"Beta\"\nweight = 2\n+++\nB.\n",
		"content/posts/2022/_index.md":      "+++\ntitle = \"Year 2022\"\nweight = 8\n+++\n",
		"content/posts/2022/delta.md":       "+++\ntitle = \"Delta\"\nweight = 0\n+++\nD.\n",
	})
	posts := out["posts/index.html"]
	at := func(href string) int { return strings.Index(posts, `href="`+href+`"`) }
	order := []string{"/posts/2023/gamma/", "/posts/beta/", "/posts/2023/alpha/"}
	for i, href := range order {
		if at(href) < 0 {
			t.Fatalf("posts/index.html does not list %s", href)
		}
		if i > 0 && at(order[i-1]) > at(href) {
			t.Errorf("posts/index.html lists %s before %s: not by the parent's weight", href, order[i-1])
		}
	}
	if _, ok := out["posts/2023/index.html"]; !ok {
		t.Error("the transparent section has no page")
	}
	// Listed once: the navigation is a tree (Zola's section.pages of the
	// transparent section still holds them; sitegen lists them above).
	if _, list, ok := strings.Cut(out["posts/2023/index.html"], `<ul class="children">`); ok && strings.Contains(list, `href="/posts/2023/alpha/"`) {
		t.Error("the transparent section lists its pages again")
	}
	// The section that is not transparent keeps its page below it, not
	// in the parent's list before the first of the parent's pages.
	if d := at("/posts/2022/delta/"); d >= 0 && d < at("/posts/2023/gamma/") {
		t.Errorf("posts/2022/delta is among the parent's pages")
	}
}

// TestUnsafeHintNamesSitegensFile: raw HTML the sanitizer removes says how
// to keep it, in words true for the site's tool. Zola passes raw HTML
// through ("you can also use HTML in your content", and Zola's markdown
// settings have no switch to escape it,
// https://www.getzola.org/documentation/getting-started/configuration/):
// the only switch is sitegen's own site.toml, read beside zola.toml, which
// Zola does not read, and the hint says so (eval13A NA7: Mods-Site's
// warnings named site.toml as if it were the project's file). Written
// there, it keeps the handler.
func TestUnsafeHintNamesSitegensFile(t *testing.T) {
	files := map[string]string{
		"config.toml":       "base_url = \"https://mods.test\"\ntitle = \"Mods\"\n",
		"content/_index.md": "+++\ntitle = \"Mods\"\n+++\n\n<p onclick=\"go()\">Open</p>\n",
	}
	_, res := buildFolder(t, files)
	all := strings.Join(res.Warnings, "\n")
	want := "content/_index.md:5:1: raw HTML: onclick on <p> removed (not safe to publish; unsafe = true under [markup.goldmark.renderer] in site.toml, sitegen's own settings file, which Zola does not read, keeps all raw HTML)"
	if !strings.Contains(all, want) {
		t.Errorf("warnings lack\n%s\n%s", want, all)
	}
	files["site.toml"] = "[markup.goldmark.renderer]\nunsafe = true\n"
	out, res := buildFolder(t, files)
	if !strings.Contains(out["index.html"], `onclick="go()"`) || strings.Contains(strings.Join(res.Warnings, "\n"), "raw HTML") {
		t.Errorf("site.toml's unsafe = true beside config.toml does not keep the raw HTML: %v", res.Warnings)
	}
}

// TestZolaShortcodeTemplate: a site's Markdown shortcode whose Tera is
// substitution is applied ("Markdown-based shortcodes ... their output
// ... is rendered as Markdown",
// https://www.getzola.org/documentation/content/shortcodes/), its output
// read as the page's Markdown; a link broken below a shortcode whose
// output is longer than its call is still reported at its own line.
func TestZolaShortcodeTemplate(t *testing.T) {
	files := zolaSite()
	files["templates/shortcodes/stat.md"] = "| Stat | Value |\n|---|---|\n| {{ name }} | {{ value }} |\n"
	files["content/rules/combat.md"] = "+++\ntitle = \"Combat\"\n+++\n\n{{ stat(name=\"Might\", value=3) }}\n\nSee [gone](@/rules/gone.md).\n"
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	_, err := build(t, dir, content.Options{Theme: theme})
	if err == nil || !strings.Contains(err.Error(), "content/rules/combat.md:7:5: broken link \"@/rules/gone.md\"") {
		t.Errorf("err = %v", err)
	}
	files["content/rules/combat.md"] = "+++\ntitle = \"Combat\"\n+++\n\n{{ stat(name=\"Might\", value=3) }}\n"
	sitetest.WriteFiles(t, dir, files)
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	if page := out["rules/combat/index.html"]; !strings.Contains(page, "<td>Might</td>") || strings.Contains(page, "{{") {
		t.Errorf("the shortcode's table is not there: %s", page)
	}
	if w := diagStrings(res.WarningList); len(w) > 0 {
		t.Errorf("warnings: %q", w)
	}
}

// TestZolaTeraLoadData builds a site whose shortcode loads a data file
// with load_data (Zola: "Loads data from a file ... Supported file types
// include toml, json, csv ..."; its path found by the "File Searching
// Logic", "It will error if the path is outside the Zola directory") and
// loops over it: the table is on the page; a path out of the site is
// refused, a warning naming the template's file:line and the call's line.
func TestZolaTeraLoadData(t *testing.T) {
	files := zolaSite()
	files["templates/shortcodes/roll.html"] = "{% set t = load_data(path=\"@/rules/\" ~ file) %}\n<table>{% for r in t.records %}\n<tr><td>{{ loop.index }}</td><td>{{ r[1] | upper }}</td></tr>{% endfor %}\n</table>"
	files["content/rules/wild.csv"] = "Roll,Effect\n1,sparks\n2,frost\n"
	files["content/rules/combat.md"] = "+++\ntitle = \"Combat\"\n+++\n\n{{ roll(file=\"wild.csv\") }}\n\n{{ roll(file=\"../../../outside.csv\") }}\n"
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	if page := out["rules/combat/index.html"]; !strings.Contains(page, "<td>2</td><td>FROST</td>") || strings.Contains(page, "{{") {
		t.Errorf("the loaded table is not there: %s", page)
	}
	w := diagStrings(res.WarningList)
	if len(w) != 1 || !strings.Contains(w[0], "content/rules/combat.md:7:1: shortcode roll(): templates/shortcodes/roll.html:1 has load_data(path=\"@/rules/../../../outside.csv\"): a path outside the site") {
		t.Errorf("warnings: %q", w)
	}
}

// TestZolaTeraGetURL builds a shortcode that links with get_url (Zola:
// "Gets the permalink for the given path. If the path starts with @/, it
// will be treated as an internal link to a Markdown file ... as well as
// validated"): the page's URL as sitegen writes it (its slug from the front
// matter), the fragment kept; a page that does not exist is a warning at
// the call's line naming the template's file:line.
func TestZolaTeraGetURL(t *testing.T) {
	files := zolaSite()
	files["templates/shortcodes/see.html"] = "{% set u = get_url(path=to) %}<a href=\"{{ u ~ hash | safe }}\">{{ name }}</a>"
	files["content/rules/ability_scores.md"] = "+++\ntitle = \"Ability Scores\"\nslug = \"abilities\"\n+++\n\n## Modifiers\n\nAdd it.\n"
	files["content/rules/combat.md"] = "+++\ntitle = \"Combat\"\n+++\n\n{{ see(to=\"@/rules/ability_scores.md\", hash=\"#modifiers\", name=\"mods\") }}\n\n{{ see(to=\"@/rules/gone.md\", hash=\"\", name=\"x\") }}\n"
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	if page := out["rules/combat/index.html"]; !strings.Contains(page, `<a href="/rules/abilities/#modifiers">mods</a>`) {
		t.Errorf("no link to the page's URL: %s", page)
	}
	w := diagStrings(res.WarningList)
	if len(w) != 1 || !strings.Contains(w[0], "content/rules/combat.md:7:1: shortcode see(): templates/shortcodes/see.html:1 has get_url(path=\"@/rules/gone.md\"): no such page in content/") {
		t.Errorf("warnings: %q", w)
	}
}

// TestZolaTeraLang: "Every shortcode can access the current language in
// the lang variable in the context" (Zola's shortcodes docs): the default
// language's page and its French translation take the two branches.
func TestZolaTeraLang(t *testing.T) {
	files := zolaSite()
	files["templates/shortcodes/hello.html"] = "<p>{% if lang == \"fr\" %}Bonjour{% else %}Hello {{ lang }}{% endif %}</p>"
	files["content/rules/combat.md"] = "+++\ntitle = \"Combat\"\n+++\n\n{{ hello() }}\n"
	files["content/rules/combat.fr.md"] = "+++\ntitle = \"Combat (fr)\"\n+++\n\n{{ hello() }}\n"
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	for page, want := range map[string]string{"rules/combat/index.html": "<p>Hello en</p>", "fr/rules/combat/index.html": "<p>Bonjour</p>"} {
		if !strings.Contains(out[page], want) {
			t.Errorf("%s has no %q", page, want)
		}
	}
}
