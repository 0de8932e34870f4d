package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoRefBundle checks that Hugo's ref and relref find a page bundle
// by its path, as Hugo 0.111 does:
//
// https://gohugo.io/shortcodes/ref/ — "path: The path to the target page.
// Paths without a leading slash (/) are resolved first relative to the
// current page, and then relative to the rest of the site";
// https://gohugo.io/functions/urls/ref/ — "a path to a page, with or
// without a file extension";
// https://gohugo.io/content-management/organization/ — "about/index.md
// // <- https://example.org/about/" (a leaf bundle's path is its folder's;
// a branch bundle's, _index.md, too).
func TestHugoRefBundle(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		"content/docs/factions/theocracy/index.md": "---\ntitle: Theocracy\n---\n## Creed\n",
		"content/docs/factions/_index.md":          "---\ntitle: Factions\n---\n",
		"content/docs/lore.md": "---\ntitle: Lore\n---\n" +
			"[abs]({{< ref \"/docs/factions/theocracy\" >}}) [rel]({{< relref \"factions/theocracy\" >}}) " +
			"[site]({{< ref \"docs/factions/theocracy#creed\" >}}) [branch]({{< ref \"/docs/factions\" >}}) " +
			"[file]({{< ref \"/docs/factions/theocracy/index.md\" >}})\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "docs/lore/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<a href="/docs/factions/theocracy/">abs</a>`, `<a href="/docs/factions/theocracy/">rel</a>`,
		`<a href="/docs/factions/theocracy/#creed">site</a>`, `<a href="/docs/factions/">branch</a>`, `<a href="/docs/factions/theocracy/">file</a>`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("docs/lore/index.html lacks %s", want)
		}
	}

	// A ref to no page stays an error.
	sitetest.WriteFiles(t, src, map[string]string{"content/docs/lore.md": "---\ntitle: Lore\n---\n[x]({{< ref \"/docs/factions/nowhere\" >}})\n"})
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err == nil || !strings.Contains(err.Error(), "nowhere") {
		t.Errorf("err = %v, want a broken link to /docs/factions/nowhere", err)
	}
}

// TestHugoPageLinkShortcode: a site's own shortcode whose template links
// to the page its argument names, showing its title, is rendered so
// (ethanharstad/unnamed-rpg's theme: `{{ with .Page.GetPage (.Get 0) }}<a
// href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}`; "GetPage: Returns
// a Page object from the given path",
// https://gohugo.io/methods/page/getpage/), not dropped from the middle of
// its sentence; TestHugo in package conformance checks the links against
// Hugo's build of the same site.
func TestHugoPageLinkShortcode(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\ntheme = \"mytheme\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		"themes/mytheme/layouts/shortcodes/link.html": "{{ if .IsNamedParams }}{{ with .Page.GetPage (.Get \"path\") }}" +
			"<a href=\"{{ .RelPermalink }}\">{{ default .Title ($.Get \"text\") }}</a>{{ end }}" +
			"{{ else }}{{ with .Page.GetPage (.Get 0) }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}{{ end }}",
		"content/docs/lore.md": "---\ntitle: Lore\n---\nA descendent of the {{< link \"docs/factions/technologists\" >}} and " +
			"{{< link path=\"/docs/rules\" text=\"the rules\" >}}.\n",
		"content/docs/rules.md":                        "---\ntitle: Rules\n---\n",
		"content/docs/factions/technologists/index.md": "---\ntitle: The Technologists\n---\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) > 0 {
		t.Errorf("warnings: %q", res.Warnings)
	}
	b, err := os.ReadFile(filepath.Join(dest, "docs/lore/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	want := `A descendent of the <a href="/docs/factions/technologists/">The Technologists</a> and <a href="/docs/rules/">the rules</a>.`
	if !strings.Contains(string(b), want) {
		t.Errorf("docs/lore/index.html lacks %s", want)
	}
	if strings.Contains(string(b), "data-sitegen") {
		t.Error("the link keeps its marker attribute")
	}

	// While serving, a new title of the page linked to is the link's
	// text: the page that shows it is written again (update compares
	// with a build from nothing).
	r := startUpdates(t, content.Options{Source: src, Theme: theme}, true)
	r.update(t, map[string]string{"content/docs/factions/technologists/index.md": "---\ntitle: The Machine Cult\n---\n"})
	if b, err := os.ReadFile(filepath.Join(r.opts.Dest, "docs/lore/index.html")); err != nil || !strings.Contains(string(b), ">The Machine Cult</a>") {
		t.Errorf("after the title changed, docs/lore/index.html lacks it (%v)", err)
	}
}

// TestHugoAnchorShortcode is issue 32, KB6 (bestia-docs: 81 links to the
// ids its own shortcodes write, all broken): a site's shortcode whose
// template gives an element an id from its arguments ("Get: Returns the
// value of the given argument", https://gohugo.io/methods/shortcode/get/)
// keeps that id, so links to it resolve. Its template is run ("Shortcode
// templates", https://gohugo.io/templates/shortcode-templates/): the
// output is Hugo 0.111.3's for this page (its `.Inner | .Page.RenderString`
// of an indented line is code, there too). A template sitegen cannot run
// (it uses jsonify) is shown as its anchor, its name and its content
// (Hugo's "Inner: Returns the content between opening and closing
// shortcode tags", https://gohugo.io/methods/shortcode/inner/), not as
// code, with one warning. A link to an id no shortcode makes is still
// broken.
func TestHugoAnchorShortcode(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		// bestia-docs' layouts/shortcodes/skill.html, shortened.
		"layouts/shortcodes/skill.html": "{{ $id := printf \"skill-%s\" (replace (lower (.Get \"name\")) \" \" \"-\") }}\n" +
			"<div class=\"col mb-3\" id=\"{{ $id }}\"><h5>{{ .Get \"name\" }}</h5>{{ .Inner | .Page.RenderString }}</div>\n",
		"layouts/shortcodes/talent.html": "{{ $id := printf \"talent-%s\" (replace (lower (.Get \"name\")) \" \" \"-\") }}\n" +
			"<div id=\"{{ $id }}\" data-x=\"{{ jsonify . }}\">{{ .Inner }}</div>\n",
		"content/docs/master.md":  "---\ntitle: Master\n---\n<br>\n{{< skill name=\"Ore Refinement\" maxLevel=\"3\"\n    type=\"Active\" >}}\n    Refines **ore**.\n{{< /skill >}}\n",
		"content/docs/talents.md": "---\ntitle: Talents\n---\n{{< talent name=\"Deep Dig\" >}}\n    Digs **deep**.\n{{< /talent >}}\n",
		"content/docs/bestia.md":  "---\ntitle: Bestia\n---\nSee [refining](/docs/master/#skill-ore-refinement) and [digging](/docs/talents/#talent-deep-dig).\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	for page, wants := range map[string][]string{
		"docs/master/index.html":  {`id="skill-ore-refinement"><h5>Ore Refinement</h5><pre><code>Refines **ore**.` + "\n</code></pre>"},
		"docs/talents/index.html": {`id="talent-deep-dig"`, "<strong>Deep Dig</strong>", "Digs <strong>deep</strong>."},
	} {
		b, err := os.ReadFile(filepath.Join(dest, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range wants {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s lacks %s", page, want)
			}
		}
		if strings.Contains(string(b), "{{") {
			t.Errorf("%s shows a shortcode as written", page)
		}
	}
	if n := len(res.Warnings); n != 1 || !strings.Contains(res.Warnings[0], `"talent"`) || !strings.Contains(res.Warnings[0], "jsonify") {
		t.Errorf("warnings %q, want one naming talent and jsonify", res.Warnings)
	}
	sitetest.WriteFiles(t, src, map[string]string{"content/docs/bestia.md": "---\ntitle: Bestia\n---\nSee [it](/docs/master/#skill-nope).\n"})
	if _, err := build(t, src, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public")}); err == nil || !strings.Contains(err.Error(), "broken link") {
		t.Errorf("a link to an id no shortcode makes: %v, want a broken link", err)
	}
}

// TestHugoRefInRawHTML: a ref or relref inside raw HTML's attribute
// (fairy-tale-defender's Docsy cover: `<a class="btn" href="{{< relref
// "/docs" >}}">`) is the page's URL, as Hugo replaces a shortcode wherever
// it stands ("{{< myshortcode >}} tells Hugo that the rendered shortcode
// does not need further processing",
// https://gohugo.io/methods/page/rendershortcodes/); one to no page is a
// broken link.
func TestHugoRefInRawHTML(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":              "title = \"H\"\nbaseURL = \"https://h.test/\"\n[markup.goldmark.renderer]\nunsafe = true\n",
		"content/_index.md":      "---\ntitle: Home\n---\n{{< blocks/cover >}}\n<div class=\"mx-auto\">\n\t<a class=\"btn\" href=\"{{< relref \"/docs\" >}}\">Docs</a>\n\t<a href=\"{{< ref \"docs/rules#combat\" >}}\">Combat</a>\n</div>\n{{< /blocks/cover >}}\n",
		"content/docs/_index.md": "---\ntitle: Docs\n---\n",
		"content/docs/rules.md":  "---\ntitle: Rules\n---\n## Combat\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<a class="btn" href="/docs/">Docs</a>`, `<a href="/docs/rules/#combat">Combat</a>`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	sitetest.WriteFiles(t, src, map[string]string{"content/docs/other.md": "---\ntitle: O\n---\n<p><a href=\"{{< relref \"/nowhere\" >}}\">x</a></p>\n"})
	if _, err := build(t, src, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public")}); err == nil || !strings.Contains(err.Error(), "broken link") {
		t.Errorf("a relref to no page in raw HTML: %v, want a broken link", err)
	}
}

// TestHugoBaseURLNote: a Hugo site's base URL is its settings' baseURL
// ("baseURL: The absolute URL (protocol, host, path, and trailing slash)
// of your published site",
// https://gohugo.io/getting-started/configuration/#baseurl); the note of
// a build without one names that file and key, not sitegen's site.toml.
func TestHugoBaseURLNote(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"hugo.toml", "set baseURL in hugo.toml or pass --base-url"},
		{"config/_default/hugo.yaml", "set baseURL in config/_default/hugo.yaml or pass --base-url"},
	} {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, map[string]string{tc.file: "title: H\n", "content/_index.md": "---\ntitle: Home\n---\n"})
		if strings.HasSuffix(tc.file, ".toml") {
			sitetest.WriteFiles(t, src, map[string]string{tc.file: "title = \"H\"\n"})
		}
		res, err := build(t, src, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public")})
		if err != nil {
			t.Fatal(err)
		}
		notes := strings.Join(res.Notes, "\n")
		if !strings.Contains(notes, "has no host") || !strings.Contains(notes, tc.want) || strings.Contains(notes, "site.toml") {
			t.Errorf("%s: notes %q, want the no-host note saying %q", tc.file, notes, tc.want)
		}
	}
}

// TestToolBaseURLNote: Jekyll, MkDocs and Docusaurus sites set their base
// URL in their own settings file, so a build without one names that file
// and key, not sitegen's site.toml: Jekyll's "url: the base hostname &
// protocol for your site" and "baseurl: the subpath of your site"
// (https://jekyllrb.com/docs/configuration/default/), MkDocs' "site_url:
// Set the canonical URL of the site"
// (https://www.mkdocs.org/user-guide/configuration/#site_url),
// Docusaurus' "url: URL for your website" and "baseUrl: Base URL for your
// site" (https://docusaurus.io/docs/api/docusaurus-config).
func TestToolBaseURLNote(t *testing.T) {
	for _, tc := range []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"_config.yml": "title: J\n", "index.md": "---\ntitle: Home\n---\nHi\n"},
			"set url (and baseurl for a subpath) in _config.yml or pass --base-url"},
		{map[string]string{"mkdocs.yml": "site_name: M\n", "docs/index.md": "# Home\n"},
			"set site_url in mkdocs.yml or pass --base-url"},
		{map[string]string{"docusaurus.config.js": "module.exports = {title: 'D', baseUrl: '/'};\n", "docs/intro.md": "# Intro\n"},
			"set url (and baseUrl for a subpath) in docusaurus.config.js or pass --base-url"},
	} {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, tc.files)
		res, err := build(t, src, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public")})
		if err != nil {
			t.Fatal(err)
		}
		notes := strings.Join(res.Notes, "\n")
		if !strings.Contains(notes, "has no host") || !strings.Contains(notes, tc.want) || strings.Contains(notes, "site.toml") {
			t.Errorf("notes %q, want the no-host note saying %q", notes, tc.want)
		}
	}
}

// TestHugoRelativeAliases checks that an aliases: entry without a leading
// slash is a redirect from beside the page, as Hugo writes it: "Aliases
// … create redirects to your page from other URLs"
// (https://gohugo.io/content-management/urls/#aliases), and hugo 0.111
// writes a relative one from the folder of the page's URL —
// content/sec/b.md with aliases [old-b, sub/older.html] gives
// /sec/old-b/ and /sec/sub/older.html, content/sec/deep/c.md with
// [deep-old] /sec/deep/deep-old/, content/sec/_index.md with [sec-old]
// /sec-old/, content/c.md with [top-c] /top-c/ (checked with this
// fixture). sitegen took them for other names of the page (Obsidian's
// aliases) and made no redirect, saying nothing (pycom/pydocs, eval4B).
func TestHugoRelativeAliases(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"config.toml":           "title = \"S\"\n",
		"content/_index.md":     "---\ntitle: Home\n---\n[old](/sec/old-b/) [older](/sec/sub/older.html)\n",
		"content/sec/_index.md": "---\ntitle: Sec\naliases: [sec-old]\n---\n",
		"content/sec/b.md":      "---\ntitle: B\naliases:\n  - old-b\n  - sub/older.html\n---\nB\n",
		"content/sec/deep/c.md": "---\ntitle: C\naliases: [deep-old]\n---\n",
		"content/c.md":          "---\ntitle: C2\naliases: [top-c]\n---\n",
		// hugo: 'alias "../../out" traverses outside the website root'.
		"content/sec/x.md": "---\ntitle: X\naliases: [../../out]\n---\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	if w := fmt.Sprint(res.WarningList); !strings.Contains(w, `content/sec/x.md:3:1: aliases: "../../out" leads outside the site`) {
		t.Errorf("warnings %s lack the alias that leads outside", w)
	}
	for file, target := range map[string]string{
		"sec/old-b/index.html":         "/sec/b/",
		"sec/sub/older.html":           "/sec/b/",
		"sec/deep/deep-old/index.html": "/sec/deep/c/",
		"sec-old/index.html":           "/sec/",
		"top-c/index.html":             "/c/",
	} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		if err != nil || !strings.Contains(string(b), target) {
			t.Errorf("%s: %v; want a redirect to %s", file, err, target)
		}
	}
}

// TestHugoAliasOwnURL checks that an aliases: entry that is the page's own
// URL is no redirect and stops no build: hugo 0.111 builds this fixture and
// writes the page at /strings/hassuffix/ ("Aliases … create redirects to
// your page from other URLs", https://gohugo.io/content-management/urls/#aliases;
// the page's URL is lower case, https://gohugo.io/configuration/all/#disablepathtolower)
// and the other alias's redirect. eval9B NB4 (gohugoio/hugoDocs, 179 pages
// such as functions/strings/HasSuffix.md with aliases
// [/functions/hassuffix, /functions/strings/hassuffix]): "duplicate URL",
// no site even lenient.
func TestHugoAliasOwnURL(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":                    "title = \"S\"\n",
		"content/_index.md":            "---\ntitle: Home\n---\n",
		"content/strings/HasSuffix.md": "---\ntitle: strings.HasSuffix\naliases: [/functions/hassuffix, /strings/hassuffix]\n---\nPAGE-TEXT\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatalf("build: %v; hugo builds it", err)
	}
	for file, want := range map[string]string{
		"strings/hassuffix/index.html":   "PAGE-TEXT",
		"functions/hassuffix/index.html": "/strings/hassuffix/",
	} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s: %v; want it to hold %q", file, err, want)
		}
	}
}

// TestHugoAliasAtPageURL checks that an alias at another page's URL is
// a tolerance, as hugo 0.111 builds it: it writes the page there (a
// section's _index.md at /time/, another page's aliases: [/time/]) and no
// redirect, saying nothing. Lenient mode builds it so, with a warning
// naming both; strict mode refuses it, saying so. eval9B NB5
// (gohugoio/hugoDocs, functions/time/AsTime.md with aliases:
// [/functions/time], the URL of functions/time/_index.md): no site even
// lenient.
func TestHugoAliasAtPageURL(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":              "title = \"S\"\n",
		"content/_index.md":      "---\ntitle: Home\n---\n",
		"content/time/_index.md": "---\ntitle: Time\n---\nSECTION-TEXT\n",
		"content/time/AsTime.md": "---\ntitle: AsTime\naliases: [/time/, /old-astime/]\n---\nASTIME\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err == nil || !strings.Contains(err.Error(), "/time/") {
		t.Errorf("strict build: %v; want the alias at /time/ refused", err)
	}
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("lenient build: %v; hugo builds it", err)
	}
	if w := fmt.Sprint(res.WarningList); !strings.Contains(w, "content/time/AsTime.md:3:1: aliases") || !strings.Contains(w, "content/time/_index.md") {
		t.Errorf("warnings %s: want one at the alias naming the page at /time/", w)
	}
	for file, want := range map[string]string{
		"time/index.html":       "SECTION-TEXT",
		"old-astime/index.html": "/time/astime/",
	} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s: %v; want it to hold %q", file, err, want)
		}
	}
}

// TestHugoNoContent (issue 32, KB5, Daggerheart_SRD): a Hugo site with no
// content folder ("contentDir ... Default: content",
// https://gohugo.io/getting-started/configuration/#contentdir) has no
// content pages: Hugo builds its home page from layouts/index.html.
// sitegen publishes none of the project's other Markdown (src/, an AI
// agent's CLAUDE.md), titles the site from the config, publishes static/
// and warns that Hugo's templates are not run.
func TestHugoNoContent(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"config.yaml":        "baseURL: https://d.test/SRD\ntitle: \"匕首之心 SRD\"\npublishDir: public\n",
		"layouts/index.html": "<html>{{ .Site.Title }}</html>",
		"CLAUDE.md":          "# Agent instructions\n\nprivate\n",
		"src/rules.md":       "# Rules\n",
		"static/img/a.png":   "png",
	})
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"claude/index.html", "CLAUDE/index.html", "src/rules/index.html", "rules/index.html"} {
		if _, err := os.Stat(filepath.Join(dest, gone)); err == nil {
			t.Errorf("%s published", gone)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, "img/a.png")); err != nil {
		t.Errorf("static/ not published: %v", err)
	}
	home, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(home), "匕首之心 SRD") {
		t.Errorf("home page does not carry the config's title")
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "layouts/") {
		t.Errorf("warnings %q: none says Hugo's templates are not run", res.Warnings)
	}
}

// TestHugoUnsafe (issue 32, KB7, bestia-docs): "By default, Goldmark does
// not render raw HTML and potentially dangerous links. ... set unsafe to
// true" (https://gohugo.io/getting-started/configuration-markup/#goldmark):
// the Hugo config's markup.goldmark.renderer.unsafe keeps raw HTML as
// site.toml's does; without it the warning names the Hugo config's key,
// not site.toml.
func TestHugoUnsafe(t *testing.T) {
	page := "---\ntitle: A\n---\n<button onclick=\"go()\">Go</button>\n"
	for _, unsafe := range []bool{true, false} {
		t.Run(fmt.Sprint(unsafe), func(t *testing.T) {
			src := t.TempDir()
			cfg := "title: H\nbaseURL: https://h.test/\n"
			if unsafe {
				cfg += "markup:\n  goldmark:\n    renderer:\n      unsafe: true\n"
			}
			sitetest.WriteFiles(t, src, map[string]string{"hugo.yaml": cfg, "content/a.md": page})
			dest := filepath.Join(t.TempDir(), "public")
			res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dest, "a/index.html"))
			if err != nil {
				t.Fatal(err)
			}
			kept := strings.Contains(string(b), `onclick="go()"`)
			warnings := fmt.Sprint(res.WarningList)
			if kept != unsafe {
				t.Errorf("onclick kept = %v, want %v", kept, unsafe)
			}
			if !unsafe && (!strings.Contains(warnings, "markup.goldmark.renderer.unsafe") || !strings.Contains(warnings, "hugo.yaml") || strings.Contains(warnings, "site.toml")) {
				t.Errorf("warnings %s: want the hugo.yaml key, not site.toml", warnings)
			}
		})
	}
}

// TestHugoHTMLContent (issue 32, KB8, fairy-tale-defender): "Hugo ...
// content format ... HTML: .html, .htm" with front matter
// (https://gohugo.io/content-management/formats/): content/_index.html is
// the home page, content/a/page.html a page at /a/page/; neither is
// copied as written.
func TestHugoHTMLContent(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":           "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.html": "---\ntitle: Welcome home\n---\n<p>HI there</p>\n",
		"content/a/page.html": "---\ntitle: Page\n---\n<p>In a page</p>\n",
		"content/a/x.md":      "---\ntitle: X\n---\nx\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"_index.html", "_index/index.html", "a/page.html"} {
		if _, err := os.Stat(filepath.Join(dest, gone)); err == nil {
			t.Errorf("%s published", gone)
		}
	}
	for file, want := range map[string]string{"index.html": "HI there", "a/page/index.html": "In a page"} {
		b, err := os.ReadFile(filepath.Join(dest, file))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want) || !strings.Contains(string(b), "<h1>") {
			t.Errorf("%s lacks %q", file, want)
		}
		if strings.Contains(string(b), "title: ") {
			t.Errorf("%s shows its front matter", file)
		}
	}
}

// TestHugoTemplateNativeAndTold: a site's template of a shortcode sitegen
// draws itself (a callout: hint) is not run, its look being the theme's
// CSS and scripts sitegen does not publish (pycom's hint.html is a
// Vuetify <v-card>); a site's other template is run, and what the
// sanitizer removes from its output is told once a page, not at each use
// ("{{% %}}: the shortcode's output is ... rendered as Markdown",
// https://gohugo.io/content-management/shortcodes/#notation).
func TestHugoTemplateNativeAndTold(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":                    "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md":            "---\ntitle: Home\n---\n",
		"layouts/shortcodes/hint.html": "<v-card class=\"{{ .Get 0 }}-alert\">{{ .Inner }}</v-card>",
		"layouts/shortcodes/note.html": "<v-card class=\"note\">\n\n{{ .Inner }}\n\n</v-card>",
		"content/a.md": "---\ntitle: A\n---\n{{% hint info %}}\nHinted **text**.\n{{% /hint %}}\n\n" +
			"{{% note %}}First **note**.{{% /note %}}\n\n{{% note %}}Second note.{{% /note %}}\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "a/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`class="callout callout-info"`, "Hinted <strong>text</strong>.", "First <strong>note</strong>.", "Second note."} {
		if !strings.Contains(string(b), want) {
			t.Errorf("a/index.html lacks %s", want)
		}
	}
	if strings.Contains(string(b), "{{") || strings.Contains(string(b), "v-card") {
		t.Error("a/index.html shows a shortcode as written or unsanitized")
	}
	n := 0
	for _, w := range res.Warnings {
		if strings.Contains(w, "<v-card>") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d warnings about <v-card>, want 1: %q", n, res.Warnings)
	}
}

// TestHugoTemplateURLize: urlize and anchorize in a site's template are
// Hugo's ("urlize: Returns the given string, sanitized for usage in a
// URL", https://gohugo.io/functions/urls/urlize/; "anchorize: ... sanitized
// for usage in an HTML id attribute",
// https://gohugo.io/functions/urls/anchorize/), by the site's URL rules:
// the values are Hugo 0.111.3's for this text; a link to the id resolves.
func TestHugoTemplateURLize(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":                      "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md":              "---\ntitle: Home\n---\n",
		"layouts/shortcodes/names.html":  `<p>u={{ .Get 0 | urlize }} a={{ .Get 0 | anchorize }}</p>`,
		"layouts/shortcodes/anchor.html": `<span id="{{ .Get 0 | anchorize }}"></span>`,
		"content/a.md": "---\ntitle: A\n---\n{{< names \"Hugo: A Fast & Flexible Générateur d'été\" >}}\n\n{{< anchor \"Fire Ball\" >}}\n\n" +
			"[to it](#fire-ball)\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "a/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	want := `<p>u=hugo-a-fast-flexible-g%C3%A9n%C3%A9rateur-d%C3%A9t%C3%A9 a=hugo-a-fast--flexible-générateur-dété</p>`
	if !strings.Contains(string(b), want) {
		t.Errorf("a/index.html lacks %s", want)
	}
}

// TestHugoTemplateGetPage: a site's template that looks a page up
// ("GetPage: Returns a Page object from the given path",
// https://gohugo.io/methods/page/getpage/) and writes its URL and title
// (pycom/pydocs' refname.html: `{{ with .Page.GetPage $p }}<a href="{{ .URL
// }}">{{ .Title }}</a>{{ end }}`) is run: a checked link showing that
// page's title; one to no page shows nothing, as Hugo's nil, with a
// warning.
func TestHugoTemplateGetPage(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		"layouts/shortcodes/refname.html": "{{ $p := .Get 0 }}\n" +
			"{{ with .Page.GetPage $p }}<a href=\"{{ .URL }}\">{{ .Title }}</a>{{ end }}",
		"content/a.md":            "---\ntitle: A\n---\nSee {{< refname \"/docs/b-and-c\" >}} now.\n",
		"content/docs/b-and-c.md": "---\ntitle: B & C\n---\nText.\n",
		// pycom's own use: {{% %}}, a path relative to the page
		"content/docs/_index.md": "---\ntitle: Docs\n---\n{{% refname \"b-and-c.md\" %}}\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "a/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `<a href="/docs/b-and-c/">B &amp; C</a> now.`; !strings.Contains(string(b), want) {
		i := strings.Index(string(b), "See ")
		t.Errorf("a/index.html lacks %s: %.120s", want, string(b)[max(i, 0):])
	}
	if b, err := os.ReadFile(filepath.Join(dest, "docs/index.html")); err != nil || !strings.Contains(string(b), `<p><a href="/docs/b-and-c/">B &amp; C</a></p>`) {
		i := strings.Index(string(b), `<div class="content">`)
		t.Errorf("docs/index.html lacks the {{%% %%}} link (%v): %.200s", err, string(b)[max(i, 0):])
	}
	// GetPage of no page is nil, as Hugo gives it (pycom's
	// {{% refname "l01\_reference.md" %}}: Hugo 0.111 writes nothing):
	// nothing shown, a warning.
	sitetest.WriteFiles(t, src, map[string]string{"content/a.md": "---\ntitle: A\n---\nSee {{< refname \"/docs/nowhere\" >}}.\n"})
	dest = filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "nowhere") {
		t.Errorf("warnings %q, want one about /docs/nowhere", res.Warnings)
	}
	if b, err := os.ReadFile(filepath.Join(dest, "a/index.html")); err != nil || !strings.Contains(string(b), "<p>See \n.</p>") {
		t.Errorf("a/index.html: want the sentence without a link (%v)", err)
	}
}
