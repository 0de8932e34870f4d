package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusBrokenAnchors: Docusaurus's onBrokenAnchors governs a
// link whose #fragment names no heading of its page apart from
// onBrokenLinks (https://docusaurus.io/docs/api/docusaurus-config#onBrokenAnchors:
// "The behavior of Docusaurus when it detects any broken anchor ... By
// default, it prints a warning"): with the defaults (links 'throw',
// anchors 'warn') a broken anchor is a warning and a broken link an
// error; 'throw' makes the anchor an error, 'ignore' reports nothing;
// --broken-links error makes it an error whatever the site says. (The
// French translation of a public guide linked #anchors its translated
// headings no longer had: Docusaurus built it, sitegen did not.)
func TestDocusaurusBrokenAnchors(t *testing.T) {
	const anchor = `broken link "b.md#nowhere": no heading with id "nowhere"`
	for _, tc := range []struct {
		name, settings, flag string
		brokenDoc            bool   // a link to a doc that is not there too
		errs, warns          string // what the errors and the warnings hold ("" none)
	}{
		{name: "default: anchors warn", warns: anchor},
		{name: "default: a broken link is still an error", brokenDoc: true, errs: `broken link "gone.md"`, warns: anchor},
		{name: "anchors throw", settings: "onBrokenAnchors: 'throw',", errs: anchor},
		{name: "anchors ignored", settings: "onBrokenAnchors: 'ignore',"},
		{name: "links warn, anchors throw", settings: "onBrokenLinks: 'warn', onBrokenAnchors: 'throw',", brokenDoc: true, errs: anchor, warns: `broken link "gone.md"`},
		{name: "--broken-links error", flag: "error", errs: anchor},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			a := "# A\n\nSee [there](b.md#nowhere) and [here](b.md#beta).\n"
			if tc.brokenDoc {
				a += "\nAnd [gone](gone.md).\n"
			}
			sitetest.WriteFiles(t, dir, map[string]string{
				"docusaurus.config.js": "module.exports = {title: 'Guild', url: 'https://x.test', baseUrl: '/', " + tc.settings + "};\n",
				"docs/a.md":            a,
				"docs/b.md":            "# B\n\n## Beta\n\nText.\n",
			})
			res, err := build(t, dir, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out"), BrokenLinks: tc.flag})
			errs, warns := "", res.WarningList.Error()
			if err != nil {
				errs = err.Error()
			}
			for _, c := range []struct{ what, got, want string }{{"errors", errs, tc.errs}, {"warnings", warns, tc.warns}} {
				switch {
				case c.want == "" && strings.Contains(c.got, "broken link"):
					t.Errorf("%s = %s, want no broken link", c.what, c.got)
				case c.want != "" && !strings.Contains(c.got, c.want):
					t.Errorf("%s = %s, want %s", c.what, c.got, c.want)
				}
			}
			if tc.errs == "" && err != nil {
				t.Errorf("build: %v", err)
			}
			if strings.Contains(errs+warns, "#beta") {
				t.Errorf("the good anchor is reported: %s %s", errs, warns)
			}
		})
	}
}
