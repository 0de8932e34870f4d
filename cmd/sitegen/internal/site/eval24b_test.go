package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestVitePressHomeLayoutAnyPage is eval24B (ZhanFr/eneride-rules): a
// page other than the site's root asks for VitePress's home layout
// (rules/index.md with "layout: home", a hero and features). VitePress
// applies a page's layout wherever the page is: "Layout can be set to
// doc, page, home ... home: Special layout for 'Homepage'" is a
// frontmatter key of any page (https://vitepress.dev/reference/frontmatter-config#layout),
// and "You can create a home page by specifying layout: home in the
// frontmatter" (https://vitepress.dev/reference/default-theme-home-page).
// sitegen showed the hero and features on the root page only: a
// folder's page with them showed the folder's name as its heading and a
// list of the folder's pages, the hero lost.
func TestVitePressHomeLayoutAnyPage(t *testing.T) {
	hero := "---\nlayout: home\nhero:\n  name: Eneride\n  text: The rules\n  tagline: Roll well\nfeatures:\n  - title: Combat\n    details: How a fight goes.\n    link: /rules/combat\n---\n"
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": "import { defineConfig } from 'vitepress'\nexport default defineConfig({ title: 'E' })\n",
		"index.md":              "# Welcome\n",
		"rules/index.md":        hero,
		"rules/combat.md":       "# Combat\n\nFight.\n",
		"about.md":              strings.Replace(hero, "name: Eneride", "name: About us", 1),
	})
	dest := t.TempDir()
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	files := readTree(t, dest)
	tests := []struct {
		file, name string
	}{
		{"rules/index.html", "Eneride"}, // a folder's page
		{"about.html", "About us"},      // a page
	}
	for _, tt := range tests {
		out := files[tt.file]
		for _, want := range []string{`<span class="hero-name">` + tt.name + `</span>`, "The rules", "Roll well", "How a fight goes."} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q (the hero and features of layout: home):\n%s", tt.file, want, out)
			}
		}
		// The home layout shows no list of the folder's pages
		// (VitePress 1.6.4's VPHome): the navigation reaches them.
		if strings.Contains(out, `id="in-this-section"`) {
			t.Errorf("%s lists its folder's pages under a layout: home", tt.file)
		}
	}
}

// TestVitePressDeadLinksFailBuild is eval24B (ZhanFr/eneride-rules): a
// VitePress site with dead links does not build ("[vitepress] 4 dead
// link(s) found", VitePress 1.6.4): "ignoreDeadLinks: When set to true,
// VitePress will not fail builds due to dead links"
// (https://vitepress.dev/reference/site-config#ignoredeadlinks), false by
// default. sitegen's strict build stopped too, but said "VitePress builds
// it so", which is not true: the error must not say the tool builds it.
// With ignoreDeadLinks: true VitePress builds it, and sitegen warns.
func TestVitePressDeadLinksFailBuild(t *testing.T) {
	tests := []struct {
		name       string
		config     string
		wantErr    bool
		builds     bool // the message says VitePress builds it
		wantDetail string
	}{
		{"default", "export default { title: 'E' }\n", true, false, `broken link "/magic"`},
		{"ignoreDeadLinks true", "export default { title: 'E', ignoreDeadLinks: true }\n", false, false, `broken link "/magic"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				".vitepress/config.mts": tt.config,
				"index.md":              "# Home\n\nSee [magic](/magic).\n",
			})
			res, err := build(t, dir, content.Options{Theme: theme, Dest: t.TempDir()})
			var all string
			if err != nil {
				all = err.Error()
			}
			all += "\n" + res.Errors.Error() + "\n" + res.WarningList.Error()
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if !strings.Contains(all, tt.wantDetail) {
				t.Errorf("no %q in:\n%s", tt.wantDetail, all)
			}
			if got := strings.Contains(all, "VitePress builds it so"); got != tt.builds {
				t.Errorf("says VitePress builds it = %v, want %v:\n%s", got, tt.builds, all)
			}
		})
	}
}

// TestVitePressNavLinkOut: a top-bar link to another site is in the
// navigation every page shows, marked as a link out, as VitePress shows
// it (layout/vitepress TestNavLinksElsewhere).
func TestVitePressNavLinkOut(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": "export default { title: 'E', themeConfig: { nav: [ { text: 'Rules', link: '/rules' }, { text: 'Forum', link: 'https://forum.example/x' } ] } }\n",
		"index.md":              "# Home\n",
		"rules.md":              "# Rules\n",
	})
	dest := t.TempDir()
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dest)["rules.html"]
	nav := out[strings.Index(out, `<nav class="site-nav"`):]
	nav = nav[:strings.Index(nav, "</nav>")]
	if !strings.Contains(nav, `href="https://forum.example/x"`) || !strings.Contains(nav, ">Forum<") {
		t.Errorf("navigation lacks the link out to the forum:\n%s", nav)
	}
}
