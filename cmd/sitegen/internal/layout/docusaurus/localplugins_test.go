package docusaurus

import (
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestLocalPlugins: a plugin of the site's own — "a local plugin file"
// named by its path in plugins: (https://docusaurus.io/docs/using-plugins:
// "plugins: ['./src/plugins/my-plugin']"), as a string, in an array with
// its options, or through require.resolve — is code sitegen does not run:
// the routes it adds are not built, and the build says so at the config's
// line (the entry's, or the plugins: key's for a string). Hythaam/nimblenomicon's docusaurus-plugin-snippets makes 98 rules
// pages from JSON (/reference/conditions/grappled/…) that sitegen's site
// lacked without a word. A package named so (docusaurus-lunr-search) is
// read by its name, as before: no note.
func TestLocalPlugins(t *testing.T) {
	const tail = ": the site's own plugin: sitegen does not run it, so the pages and routes it adds are not built"
	for _, tc := range []struct {
		name, plugins string
		want          []string
	}{
		{"require.resolve of a local folder", "require.resolve('./plugins/docusaurus-plugin-snippets'),",
			[]string{"docusaurus.config.js:3: plugins: ./plugins/docusaurus-plugin-snippets" + tail}},
		{"a path", "'./src/plugins/my-plugin',",
			[]string{"docusaurus.config.js:2: plugins: ./src/plugins/my-plugin" + tail}},
		{"a path with options", "['../shared/plugin.js', {x: 1}],",
			[]string{"docusaurus.config.js:2: plugins: ../shared/plugin.js" + tail}},
		{"packages", "require.resolve('docusaurus-lunr-search'), 'docusaurus-plugin-sass', ['@docusaurus/plugin-ideal-image', {}],", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := "module.exports = {title: 'T',\n  plugins: [\n    " + tc.plugins + "\n  ],\n};\n"
			l, err := Recognise(layouttest.Write(t, map[string]string{"docusaurus.config.js": config, "docs/a.md": "# A\n"}))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range l.Notes {
				if strings.Contains(n, "own plugin") {
					got = append(got, n)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("notes = %q\nwant %q", got, tc.want)
			}
		})
	}
}
