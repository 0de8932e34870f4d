package site

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightImageOutOfDocs (eval12C NC1): "Relative images: Local
// images stored in your project's src/ directory can be referenced with a
// relative file path in Markdown: ![Astro](../../assets/astro.png)"
// (https://starlight.astro.build/guides/authoring-content/#images, and
// https://docs.astro.build/en/guides/images/#images-in-markdown-files:
// "Local images kept in src/ can be ... referenced by relative file path
// in .md files", which Astro processes and publishes under _astro/). A
// page's image out of src/content/docs/ is so shown and published (under
// assets/files/, the image alone, not the rest of src/), never a file out
// of the project, in a hidden folder or node_modules; a path to no file
// is still an error.
func TestStarlightImageOutOfDocs(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      string // a string rules/index.html holds
		wantErr   string // a part of the strict build's error
		wantFile  string // a file published, with its text after "="
	}{
		{"image in src/assets", "![A book](../../assets/book.svg)", `<img src="/assets/files/src/assets/book.svg" alt="A book"`, "", "assets/files/src/assets/book.svg=book"},
		{"absent image", "![x](../../assets/none.svg)", "", "points outside src/content/docs/", ""},
		{"out of the project", "![x](../../../../secret.svg)", "", "points outside src/content/docs/", ""},
		{"a hidden folder", "![x](../../.private/key.svg)", "", "points outside src/content/docs/", ""},
		{"node_modules", "![x](../../../node_modules/x/a.svg)", "", "points outside src/content/docs/", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "site")
			sitetest.WriteFiles(t, root, map[string]string{"secret.svg": "private"})
			sitetest.WriteFiles(t, dir, map[string]string{
				"astro.config.mjs":          "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S' })] };\n",
				"src/content/docs/index.md": "---\ntitle: Home\n---\n\n[rules](/rules/)\n",
				"src/content/docs/rules.md": "---\ntitle: Rules\n---\n\n" + tc.doc + "\n",
				"src/assets/book.svg":       "book",
				"src/assets/unused.svg":     "unused",
				"src/components/Card.astro": "private",
				"src/.private/key.svg":      "private",
				"node_modules/x/a.svg":      "private",
			})
			out := filepath.Join(t.TempDir(), "out")
			_, err := build(t, dir, content.Options{Theme: theme, Dest: out})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			got := readTree(t, out)
			want := map[string]string{"rules/index.html": tc.want}
			if f, text, ok := strings.Cut(tc.wantFile, "="); ok {
				want[f] = text
			}
			published(t, got, want, "")
			for f, text := range got {
				if strings.HasPrefix(f, "assets/files/") && f != strings.SplitN(tc.wantFile, "=", 2)[0] || text == "private" || text == "unused" {
					t.Errorf("%s published", f)
				}
			}
		})
	}
}

// TestStarlightAstroPages (eval12C NC3): "Astro leverages a routing
// strategy called file-based routing. Each file in your src/pages/
// directory becomes an endpoint on your site based on its file path",
// dynamic ones too ("src/pages/authors/[author].astro",
// https://docs.astro.build/en/guides/routing/). sitegen renders no Astro
// component: such a page is not built, one note names them, and a link
// to one of their URLs is a page of the site, kept, not broken (the
// default build passes). A "_" name is no page ("You can exclude pages
// ... by prefixing their names with an underscore"); a URL no page has is
// still a broken link.
func TestStarlightAstroPages(t *testing.T) {
	for _, tc := range []struct {
		name, link string
		want       string // a part of rules/index.html, or of the strict build's error
		broken     bool
	}{
		{"an index page", "[games](/games/)", `<a href="/games/">games</a>`, false},
		{"a dynamic page", "[Amalara](/games/amalara/)", `<a href="/games/amalara/">Amalara</a>`, false},
		{"relative, from the page's URL", "[games](../games/)", `<a href="/games/">games</a>`, false},
		{"a page of src/pages at the root", "[about](/about/#team)", `<a href="/about/#team">about</a>`, false},
		{"an endpoint", "[feed](/rss.xml)", `<a href="/rss.xml">feed</a>`, false},
		{"an excluded page", "[draft](/draft/)", "no page or file of this site is at /draft", true},
		{"two segments below a [param]", "[x](/games/a/b/)", "no page or file of this site is at /games/a/b", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"astro.config.mjs":             "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S' })] };\n",
				"src/content/docs/index.md":    "---\ntitle: Home\n---\n\n[rules](/rules/)\n",
				"src/content/docs/rules.md":    "---\ntitle: Rules\n---\n\n" + tc.link + "\n",
				"src/pages/games/index.astro":  "---\n---\n<h1>Games</h1>\n",
				"src/pages/games/[game].astro": "---\n---\n<h1>Game</h1>\n",
				"src/pages/about.astro":        "---\n---\n<h1 id=\"team\">About</h1>\n",
				"src/pages/rss.xml.js":         "export function GET() {}\n",
				"src/pages/_draft.astro":       "---\n---\n",
			})
			out := filepath.Join(t.TempDir(), "out")
			res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
			if tc.broken {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("err = %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			got := readTree(t, out)
			if !strings.Contains(got["rules/index.html"], tc.want) {
				t.Errorf("rules/index.html lacks %s", tc.want)
			}
			for f := range got {
				if strings.HasPrefix(f, "games/") || strings.HasPrefix(f, "about/") {
					t.Errorf("%s published: sitegen builds no Astro page", f)
				}
			}
			note := "src/pages: 4 Astro page(s) not built (sitegen renders no Astro component): src/pages/about.astro, src/pages/games/[game].astro, src/pages/games/index.astro, src/pages/rss.xml.js; links to them are kept"
			if !slices.Contains(res.Notes, note) {
				t.Errorf("notes %q lack %q", res.Notes, note)
			}
		})
	}
}

// TestStarlightSidebarLinks (eval12C NC4, NC3): "Links: Use the link
// property to link to any URL, such as an external website ... attrs:
// HTML attributes to add to the link element" ({ label: 'Bluesky', link:
// 'https://bsky.app/profile/astro.build', attrs: { target: '_blank' } },
// https://starlight.astro.build/guides/sidebar/#links): an external link
// is shown in the navigation, marked external (class nav-external: an arrow after its label), its target kept; a link
// to a page of src/pages is shown as a link too.
func TestStarlightSidebarLinks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S', sidebar: [\n" +
			"  'rules',\n  { label: 'Game directory', link: '/games/' },\n" +
			"  { label: 'Studio', link: 'https://studio.example.com/', attrs: { target: '_blank', style: 'color: red' } },\n" +
			"  { label: 'Links', items: [{ label: 'Forum', link: 'https://forum.example.com/' }] },\n] })] };\n",
		"src/content/docs/index.md":   "---\ntitle: Home\n---\n\n[rules](/rules/)\n",
		"src/content/docs/rules.md":   "---\ntitle: Rules\n---\n\nR.\n",
		"src/pages/games/index.astro": "---\n---\n<h1>Games</h1>\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	page := readTree(t, out)["rules/index.html"]
	for _, want := range []string{
		`<a href="/games/">Game directory</a>`,
		`<a href="https://studio.example.com/" class="nav-external" rel="external" target="_blank">Studio</a>`,
		`<a href="https://forum.example.com/" class="nav-external" rel="external">Forum</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("rules/index.html lacks %s", want)
		}
	}
	if strings.Contains(page, "color: red") {
		t.Error("an attrs style was published: only target is kept")
	}
}

// TestStarlightHeroImage (eval14A NA5, dndumb index.mdx "hero: image:
// file: ../../assets/logo.svg"): "image: The image to use in the hero.
// You can provide either a relative file path or raw html", "file:
// Relative path to an image file in your repo, e.g.
// ../../assets/hero.png", "dark … light: Relative path to an image file
// in your repo to use in dark mode / in light mode"
// (https://starlight.astro.build/reference/frontmatter/#hero; Starlight
// 0.36's Hero.astro shows file always, dark hidden in light mode and light
// in dark). The image is a file relative to the page, published as the
// page's images are; one that is not there is not shown, with a warning,
// as a broken link of the hero's actions is (HomeView).
func TestStarlightHeroImage(t *testing.T) {
	for _, tc := range []struct {
		name, image string
		want        []string // what index.html holds, in order
		wantFiles   []string // files published
		wantWarn    string   // a part of a warning
	}{
		{"file", "  image:\n    file: ../../assets/logo.svg\n    alt: The logo\n",
			[]string{`<header class="hero">`, `<img class="hero-image" src="/assets/files/src/assets/logo.svg" alt="The logo"`, `<h1>`},
			[]string{"assets/files/src/assets/logo.svg"}, ""},
		{"dark and light", "  image:\n    dark: ../../assets/dark.svg\n    light: ../../assets/light.svg\n",
			[]string{`<img class="hero-image hero-image-dark" src="/assets/files/src/assets/dark.svg" alt=""`,
				`<img class="hero-image hero-image-light" src="/assets/files/src/assets/light.svg" alt=""`},
			[]string{"assets/files/src/assets/dark.svg", "assets/files/src/assets/light.svg"}, ""},
		{"absent", "  image:\n    file: ../../assets/none.svg\n", []string{`<header class="hero"><h1>`}, nil, `hero.image: image "../../assets/none.svg": points outside src/content/docs/`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"astro.config.mjs":           "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S' })] };\n",
				"src/content/docs/index.mdx": "---\ntitle: Home\ntemplate: splash\nhero:\n  tagline: Dumb.\n" + tc.image + "---\n\nText.\n",
				"src/assets/logo.svg":        "logo",
				"src/assets/dark.svg":        "dark",
				"src/assets/light.svg":       "light",
			})
			out := filepath.Join(t.TempDir(), "out")
			res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			if tc.wantWarn != "" && !strings.Contains(strings.Join(res.Warnings, "\n"), tc.wantWarn) {
				t.Errorf("no warning %q in %q", tc.wantWarn, res.Warnings)
			}
			got := readTree(t, out)
			home := got["index.html"]
			at := 0
			for _, w := range tc.want {
				i := strings.Index(home[at:], w)
				if i < 0 {
					t.Fatalf("index.html lacks %q after offset %d:\n%s", w, at, home)
				}
				at += i + len(w)
			}
			for _, f := range tc.wantFiles {
				if _, ok := got[f]; !ok {
					t.Errorf("%s not published", f)
				}
			}
		})
	}
}
