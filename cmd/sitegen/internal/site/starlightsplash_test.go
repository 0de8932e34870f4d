package site

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightSplashAnd404: "template: 'doc' | 'splash' ... Set to
// 'splash' to use a wider layout without any sidebars designed for
// landing pages" (https://starlight.astro.build/reference/frontmatter/#template;
// Starlight 0.36.3's generateRouteData: hasSidebar is
// template !== 'splash', getToC gives none on a splash page), with or
// without a hero; its previous and next links stay (pagination is
// computed for every page). Starlight's own 404 page is a splash page
// titled "404" (get404Route: data.title '404'): Astro 5.18.2 + Starlight
// 0.36.3 write <title>404 | S</title> on a fixture.
func TestStarlightSplashAnd404(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"astro.config.mjs":            "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S' })] };\n",
		"src/content/docs/index.md":   "---\ntitle: Welcome home\ntemplate: splash\nhero:\n  tagline: Roll dice.\n---\n\nWelcome.\n",
		"src/content/docs/alpha.md":   "---\ntitle: Alpha\n---\n\n## One\n\nA.\n\n## Two\n\nB.\n",
		"src/content/docs/landing.md": "---\ntitle: Landing\ntemplate: splash\n---\n\n## One\n\nA.\n\n## Two\n\nB.\n",
		"src/content/docs/rules/x.md": "---\ntitle: X\n---\n\nX.\n",
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
		// A splash page's column is wider and centred (Page.astro:
		// "html:not([data-has-sidebar]) { --sl-content-width: 67.5rem; }"):
		// body class "wide".
		{page: "alpha/index.html", want: []string{`<nav class="site-nav"`, `<nav class="toc"`}, avoid: []string{` wide"`}},
		{page: "index.html", want: []string{`rel="next" href="/alpha/"`, `<body class="kind-home wide"`}, avoid: []string{`<nav class="site-nav"`}},
		{page: "landing/index.html", want: []string{`rel="prev" href="/alpha/"`, `<body class="kind-page wide"`}, avoid: []string{`<nav class="site-nav"`, `<nav class="toc"`}},
		// Starlight's 404 is a splash page: Astro 5.18.2 + Starlight
		// 0.36.3 write 404.html without data-has-sidebar.
		{page: "404.html", want: []string{`<title>404 | S</title>`, `<h1>404</h1>`, `<body class="kind-notfound wide"`}, avoid: []string{`<nav class="site-nav"`}},
	} {
		for _, w := range tc.want {
			if !strings.Contains(tree[tc.page], w) {
				t.Errorf("%s lacks %s", tc.page, w)
			}
		}
		for _, a := range tc.avoid {
			if strings.Contains(tree[tc.page], a) {
				t.Errorf("%s holds %s", tc.page, a)
			}
		}
	}
}

// TestStarlightBreadcrumbs: Starlight's page frame has no breadcrumbs
// (0.36.3's Page.astro: PageTitle above the content, no trail; measured:
// no "breadcrumb" anywhere in a built fixture), so sitegen shows none on
// a Starlight site, unless the config adds them: "Plugins can customize
// Starlight configuration, UI, and behavior"
// (https://starlight.astro.build/reference/plugins/), "Override
// Starlight's default UI components"
// (https://starlight.astro.build/guides/overriding-components/): a
// module whose name says breadcrumbs, or a component of the site's own
// that speaks of them. Then a
// sidebar group's label ({label: 'Start Here', autogenerate: {directory:
// 'guides'}}) names its folder in them, not the folder's name.
func TestStarlightBreadcrumbs(t *testing.T) {
	for _, tc := range []struct {
		name, imports, plugins string
		files                  map[string]string
		want, avoid            []string
	}{
		{name: "none", avoid: []string{`<nav class="breadcrumbs"`}},
		{name: "plugin", imports: "import crumbs from 'starlight-breadcrumbs';\n", plugins: "plugins: [crumbs()], ",
			want: []string{`<nav class="breadcrumbs"`, `<li><span>Start Here</span></li>`}, avoid: []string{`<span>guides</span>`}},
		{name: "component", imports: "import Breadcrumbs from 'astro-breadcrumbs';\n",
			want: []string{`<nav class="breadcrumbs"`, `<li><span>Start Here</span></li>`}},
		// A PageTitle of the site's own that writes a trail (found on
		// Iterative-Studios/embershroud-wiki).
		{name: "own component", plugins: "components: { PageTitle: './src/components/PageTitle.astro' }, ",
			files: map[string]string{"src/components/PageTitle.astro": "---\n// A breadcrumb trail, then the title.\n---\n<nav><slot /></nav>\n"},
			want:  []string{`<nav class="breadcrumbs"`}},
		{name: "own component without", plugins: "components: { Footer: './src/components/Footer.astro' }, ",
			files: map[string]string{"src/components/Footer.astro": "<footer>Made by us</footer>\n"},
			avoid: []string{`<nav class="breadcrumbs"`}},
		{name: "component out of the project", plugins: "components: { PageTitle: '../elsewhere/PageTitle.astro' }, ",
			avoid: []string{`<nav class="breadcrumbs"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"astro.config.mjs": "import starlight from '@astrojs/starlight';\n" + tc.imports +
					"export default { integrations: [starlight({ title: 'S', " + tc.plugins + "sidebar: [\n" +
					"  { label: 'Start Here', autogenerate: { directory: 'guides' } },\n] })] };\n",
				"src/content/docs/index.md":    "---\ntitle: Home\n---\n\nH.\n",
				"src/content/docs/guides/a.md": "---\ntitle: A page\n---\n\nA.\n",
			})
			sitetest.WriteFiles(t, dir, tc.files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build: %v", err)
			}
			page := readTree(t, out)["guides/a/index.html"]
			for _, w := range tc.want {
				if !strings.Contains(page, w) {
					t.Errorf("guides/a lacks %s", w)
				}
			}
			for _, a := range tc.avoid {
				if strings.Contains(page, a) {
					t.Errorf("guides/a holds %s", a)
				}
			}
		})
	}
}

// TestStarlight404Text: Starlight's 404 page says its UI string
// "404.text" under the title, in the site's default language ("404.text":
// "Page not found. Check the URL or try using the search bar.",
// https://starlight.astro.build/guides/i18n/#translate-starlights-ui;
// get404Route: "hero: { tagline: locals.t('404.text') }", 0.36.3), the
// site's own src/content/i18n/LANG.json over Starlight's, and no link
// to the home page of sitegen's own sentence.
func TestStarlight404Text(t *testing.T) {
	for _, tc := range []struct {
		name, locales string
		files         map[string]string
		want          string
	}{
		{name: "English", want: `<p>Page not found. Check the URL or try using the search bar.</p>`},
		{name: "French", locales: "defaultLocale: 'root', locales: { root: { label: 'Français', lang: 'fr' } }, ",
			want: `<p>Page non trouvée. Vérifiez l’URL ou essayez d’utiliser la barre de recherche.</p>`},
		{name: "site's own", files: map[string]string{"src/content/i18n/en.json": `{"404.text": "Lost in the dungeon & out of torches."}`},
			want: `<p>Lost in the dungeon &amp; out of torches.</p>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"astro.config.mjs":          "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S', " + tc.locales + "})] };\n",
				"src/content/docs/index.md": "---\ntitle: Home\n---\n\nH.\n",
			})
			sitetest.WriteFiles(t, dir, tc.files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build: %v", err)
			}
			page := readTree(t, out)["404.html"]
			if !strings.Contains(page, tc.want) {
				i := strings.Index(page, "<h1>")
				t.Errorf("404.html lacks %s; has %.300s", tc.want, page[max(i, 0):])
			}
		})
	}
}

// TestStarlightOne404 builds Starlight sites of several locales: the
// output has one 404 page, at the root, in the default locale's language.
// Starlight injects a single route for it ("injectRoute({ pattern: '404',
// … })", index.ts, 0.36.3) from the default locale (get404Route: "const
// { lang = BuiltInDefaultLocale.lang, … } = config.defaultLocale"), and
// Astro 5.18.2 + Starlight 0.36.3 build the first row's site into one
// 404 page, dist/404.html, <html lang="en"> (measured).
func TestStarlightOne404(t *testing.T) {
	for _, tc := range []struct {
		name, locales string
		files         map[string]string
		want          string // a phrase of the root 404 page
	}{
		{name: "root locale and fr", locales: "defaultLocale: 'root', locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } }, ",
			files: map[string]string{"src/content/docs/fr/index.md": "---\ntitle: Accueil\n---\n\nA.\n"},
			want:  "Page not found."},
		{name: "en and fr folders", locales: "defaultLocale: 'fr', locales: { en: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } }, ",
			files: map[string]string{"src/content/docs/en/index.md": "---\ntitle: Home\n---\n\nH.\n", "src/content/docs/fr/index.md": "---\ntitle: Accueil\n---\n\nA.\n"},
			want:  "Page non trouvée."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"astro.config.mjs":          "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S', " + tc.locales + "})] };\n",
				"src/content/docs/index.md": "---\ntitle: Home\n---\n\nH.\n",
			})
			sitetest.WriteFiles(t, dir, tc.files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build: %v", err)
			}
			var found []string
			for rel, page := range readTree(t, out) {
				if path.Base(rel) == "404.html" {
					found = append(found, rel)
					if rel == "404.html" && !strings.Contains(page, tc.want) {
						t.Errorf("404.html lacks %q", tc.want)
					}
				}
			}
			slices.Sort(found)
			if len(found) != 1 || found[0] != "404.html" {
				t.Errorf("404 pages %q, want [404.html] alone", found)
			}
		})
	}
}
