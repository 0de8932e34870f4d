package docusaurus

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestClientModules: clientModules are "an array of client modules to
// load globally on your site" (https://docusaurus.io/docs/api/docusaurus-config#clientModules):
// scripts sitegen does not run. colbyprior/speedies loads its skill
// search and weapon tables so; the build says they are not run, at the
// config's line, instead of leaving the pages' forms dead without a word.
func TestClientModules(t *testing.T) {
	for _, tc := range []struct{ name, modules, want string }{
		{"two modules", "['/js/a.js', require.resolve('./src/b.js')]", "docusaurus.config.js:2: clientModules: 2 modules (/js/a.js, require.resolve('./src/b.js')) are not run: sitegen runs none of the site's JavaScript"},
		{"none", "[]", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := "module.exports = {title: 'T',\n  clientModules: " + tc.modules + ",\n};\n"
			l, err := Recognise(layouttest.Write(t, map[string]string{"docusaurus.config.js": config, "docs/a.md": "# A\n"}))
			if err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(l.Notes, "\n")
			if tc.want == "" && strings.Contains(notes, "clientModules") || !strings.Contains(notes, tc.want) {
				t.Errorf("notes = %q, want %q", notes, tc.want)
			}
		})
	}
}
