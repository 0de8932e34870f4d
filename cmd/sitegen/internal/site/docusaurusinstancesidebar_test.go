package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusInstanceSidebar: a docs plugin instance's own sidebars
// file orders and labels its docs ("sidebarPath: Path to sidebar
// configuration",
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration;
// https://docusaurus.io/docs/docs-multi-instance: "sidebarPath:
// './sidebarsCommunity.js'"), written as a string or, as the templates
// write it, require.resolve('./sidebarsCommunity.js'); the preset's docs
// keep their own sidebars, and a doc shows the sidebar that holds it
// ("When browsing a doc, the sidebar that includes it is shown",
// https://docusaurus.io/docs/sidebar/multiple-sidebars).
func TestDocusaurusInstanceSidebar(t *testing.T) {
	for _, tc := range []struct{ name, sidebarPath string }{
		{"a string", "'./sidebarsRules.js'"},
		{"require.resolve", "require.resolve('./sidebarsRules.js')"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"docusaurus.config.js": `module.exports = {title: 'Guild', url: 'https://x.test', baseUrl: '/',
  presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]],
  plugins: [['@docusaurus/plugin-content-docs', {id: 'rules', path: 'rules', routeBasePath: 'rules', sidebarPath: ` + tc.sidebarPath + `}]],
};
`,
				"sidebars.js":              "module.exports = {s: ['zeta', 'alpha']};\n",
				"sidebarsRules.js":         "module.exports = {r: ['mounted', {type: 'doc', id: 'armour', label: 'Armour & shields'}, {type: 'category', label: 'Magic', items: ['spells/wands', 'spells/cantrips', 'spells/gone']}]};\n",
				"docs/alpha.md":            "# Alpha\n",
				"docs/zeta.md":             "# Zeta\n",
				"rules/armour.md":          "# Armour\n",
				"rules/mounted.md":         "# Mounted combat\n",
				"rules/spells/cantrips.md": "# Cantrips\n",
				"rules/spells/wands.md":    "# Wands\n",
			})
			out := filepath.Join(t.TempDir(), "out")
			res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
			if err != nil {
				t.Fatal(err)
			}
			// An id no doc has is a warning at the instance's own file.
			if w := strings.Join(diagStrings(res.WarningList), "\n"); !strings.Contains(w, `sidebarsRules.js: the sidebar names doc id "rules:spells/gone", which no doc has`) {
				t.Errorf("no warning of the missing id at sidebarsRules.js in\n%s", w)
			}
			html := readTree(t, out)["rules/armour/index.html"]
			i := strings.Index(html, `<nav class="site-nav"`)
			if i < 0 {
				t.Fatalf("no navigation:\n%s", html)
			}
			nav := html[i:]
			last := -1
			if strings.Contains(nav, ">Zeta<") {
				t.Errorf("a doc of the instance shows the preset's sidebar")
			}
			if docs := navOf(t, readTree(t, out)["docs/alpha/index.html"]); !strings.Contains(docs, ">Zeta<") || strings.Contains(docs, ">Mounted combat<") {
				t.Errorf("the preset's doc does not show its own sidebar alone: %s", docs)
			}
			for _, want := range []string{">Mounted combat<", ">Armour &amp; shields<", ">Magic<", ">Wands<", ">Cantrips<"} {
				j := strings.Index(nav, want)
				if j < 0 {
					t.Errorf("the navigation lacks %s", want)
					continue
				}
				if j < last {
					t.Errorf("the navigation has %s out of the sidebars' order", want)
				}
				last = j
			}
			if t.Failed() {
				t.Logf("nav: %.3000s", nav)
			}
		})
	}
}
