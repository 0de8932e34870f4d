package site

import (
	"fmt"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestUpdateSearchFiles: after an Update and the search index's write
// (serve's, off the path of the save), every search folder of the site
// (the site's and each language's) holds what a clean build's holds,
// file for file (updateRun.update, searchTree): the shards and texts the
// new index.json names and no other, and index.json's precompressed
// siblings (index.json.gz and .br, which a build writes once the file is
// CompressMin long and which a server sends in its place) holding the
// new index.json. The sites are large enough for those siblings.
func TestUpdateSearchFiles(t *testing.T) {
	page := func(title string, i int, extra string) string {
		return fmt.Sprintf("---\ntitle: %s %d\n---\n\n## Rule\n\nRoll %d dice and add word%d.%s\n", title, i, i%6+1, i, extra)
	}
	const frDocs = "i18n/fr/docusaurus-plugin-content-docs/current/"
	for _, tc := range []struct {
		name     string
		settings string
		locales  []string // folders of the further languages' pages
		edit     string   // the page edited, then deleted
	}{
		{"one language", "module.exports = {title: 'Rules', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'warn'};\n", nil, "docs/sec1/p3.md"},
		{"locales", "module.exports = {title: 'Rules', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'warn',\n" +
			"  i18n: {defaultLocale: 'en', locales: ['en', 'fr']}};\n", []string{frDocs}, frDocs + "sec1/p3.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"docusaurus.config.js": tc.settings}
			for i := range 60 {
				rel := fmt.Sprintf("sec%d/p%d.md", i/20, i%20)
				files["docs/"+rel] = page("Rule", i, "")
				for _, l := range tc.locales {
					files[l+rel] = page("Règle", i, "")
				}
			}
			src := t.TempDir()
			sitetest.WriteFiles(t, src, files)
			r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
			r.update(t, map[string]string{tc.edit: page("Edited", 23, " Now with brandnewterm and another.")})
			r.update(t, map[string]string{tc.edit: page("Edited", 23, " Brandnewterm gone, othernewterm here.")})
		})
	}
}
