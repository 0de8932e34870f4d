package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestVitePressTabsPlugin: a site that registers vitepress-plugin-tabs
// ("md.use(tabsMarkdownPlugin)", https://vitepress-plugins.sapphi.red/tabs/)
// writes ":::tabs / == Coffee / … / == Iced coffee / … / :::": each tab is
// shown open under its label in bold, no "==" line printed and no warning
// that tabs is no container (minelacswiki's 44 drink tables). Without the
// plugin ::: tabs stays an unknown container, its lines as written.
func TestVitePressTabsPlugin(t *testing.T) {
	page := "# Drinks\n\n::: tabs\n==Coffee\n| Colour | Recipe |\n|-|-|\n| black | beans |\n== Iced coffee\nICED-TEXT\n:::\n"
	for _, plugin := range []bool{true, false} {
		cfg := "export default { title: 'W' }\n"
		if plugin {
			cfg = "import { defineConfig } from 'vitepress'\nimport { tabsMarkdownPlugin } from 'vitepress-plugin-tabs'\n" +
				"export default defineConfig({ title: 'W', markdown: { config: (md) => { md.use(tabsMarkdownPlugin) } } })\n"
		}
		dir := t.TempDir()
		sitetest.WriteFiles(t, dir, map[string]string{".vitepress/config.mts": cfg, "index.md": "# Home\n", "drinks.md": page})
		dest := t.TempDir()
		res, err := build(t, dir, content.Options{Theme: theme, Dest: dest})
		if err != nil {
			t.Fatal(err)
		}
		out := readTree(t, dest)["drinks.html"]
		warned := false
		for _, w := range res.WarningList {
			if strings.Contains(w.String(), "tabs is not a container") {
				warned = true
			}
		}
		if plugin {
			for _, w := range []string{"<strong>Coffee</strong>", "<strong>Iced coffee</strong>", "<table>", "ICED-TEXT"} {
				if !strings.Contains(out, w) {
					t.Errorf("plugin: page lacks %s", w)
				}
			}
			if shown := strings.Contains(out, "==Coffee") || strings.Contains(out, "== Iced"); shown || warned {
				t.Errorf("plugin: == lines shown (%v) or warned (%v)", shown, warned)
			}
		} else if !warned || !strings.Contains(out, "==Coffee") {
			t.Errorf("no plugin: want the unknown-container warning and the lines as written")
		}
	}
}
