package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsI18n builds an MkDocs project with mkdocs-static-i18n's
// suffix structure (ModShardTeam/ModShardLauncher's: index.en.md,
// guides/api.en.md and .zh.md, img/x.en.png and .zh.png, a page only in
// Chinese), by the plugin's documented rules
// (https://ultrabug.github.io/mkdocs-static-i18n/):
//   - "Since the generated site files have their localization extension
//     removed during the build process, you must reference them in your
//     markdown source without it (this includes links to .md files)!";
//     "the image.png and its fr/image.png localized counterpart can be
//     referenced the same way as ![](image.png) on both index.md and
//     index.fr.md" (setup/translating-content/);
//   - "the /<language> language versions will use any .<language>.md
//     documentation file first and fallback to any .<default_language>.md
//     file" (https://pypi.org/project/mkdocs-static-i18n/0.45);
//   - "The localized (non default) language structure can have files
//     which are not present in the default language version": french_only/
//     index.fr.md "will build" fr/french_only/index.html, "only in the
//     french /fr version" (setup/controlling-your-builds/);
//   - index.en.md is the site's home: the plugin builds "site/index.html"
//     from "index.en.md" (the same page's tree).
func TestMkDocsI18n(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"mkdocs.yml": "site_name: Mods\nuse_directory_urls: false\nnav:\n  - Index: index.md\n  - Guides:\n    - API: guides/api.md\n    - Start: guides/start.md\n" +
			"plugins:\n  - search\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n          name: English\n" +
			"        - locale: zh\n          name: 中文\n          nav_translations:\n            Guides: 指南\n",
		"docs/index.en.md":        "# Welcome\n\nSee [the API](guides/api.md).\n",
		"docs/index.zh.md":        "# 欢迎\n\n见 [API](guides/api.md).\n",
		"docs/guides/api.en.md":   "# API\n\nCalls.\n",
		"docs/guides/api.zh.md":   "# API 中文\n\n调用.\n",
		"docs/guides/start.en.md": "# Start\n\nRead [the API](./api.md).\n\n![code](../img/code.png)\n\n![shot](../img/shot.png)\n",
		"docs/guides/start.zh.md": "# 开始\n\n[TOC]\n\n读 [API](./api.md), [VSC](../guides/vsc.md).\n\n![code](../img/code.png)\n\n![shot](../img/shot.png)\n",
		"docs/guides/vsc.zh.md":   "# VSC 中文\n\n只有中文.\n",
		"docs/img/code.en.png":    "en-code",
		"docs/img/shot.en.png":    "en-shot",
		"docs/img/shot.zh.png":    "zh-shot",
	})
	out := filepath.Join(t.TempDir(), "out")
	// Lenient, so that each rule's check runs where links break.
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	if len(res.WarningList) > 0 {
		t.Errorf("warnings: %v", res.WarningList)
	}
	files := readTree(t, out)
	for _, f := range []string{"index.html", "guides/api.html", "guides/start.html", "img/code.png", "img/shot.png",
		"zh/index.html", "zh/guides/api.html", "zh/guides/start.html", "zh/guides/vsc.html", "zh/img/shot.png"} {
		if _, ok := files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	for f := range files {
		if strings.Contains(f, ".en.") || strings.Contains(f, ".zh.") || f == "guides/vsc.html" {
			t.Errorf("%s published", f)
		}
	}
	home, start, zhStart, zhHome := files["index.html"], files["guides/start.html"], files["zh/guides/start.html"], files["zh/index.html"]
	checks := []struct {
		rule string
		ok   bool
	}{
		{"index.en.md is the home page", strings.Contains(home, "<h1>Welcome</h1>")},
		{"zh: index.zh.md is the language's home page", strings.Contains(zhHome, "<h1>欢迎</h1>")},
		{"a link to api.md reaches api.en.md's page", strings.Contains(start, `<a href="/guides/api.html">the API</a>`)},
		{"img/code.png is img/code.en.png, published at img/code.png", strings.Contains(start, `src="/img/code.png"`) && files["img/code.png"] == "en-code"},
		{"zh: img/shot.png is img/shot.zh.png", strings.Contains(zhStart, `src="/zh/img/shot.png"`) && files["zh/img/shot.png"] == "zh-shot" && files["img/shot.png"] == "en-shot"},
		{"zh: img/code.png falls back to the default's file", strings.Contains(zhStart, `src="/zh/img/code.png"`) && files["zh/img/code.png"] == "en-code"},
		{"zh: a link to api.md reaches the zh site's API page", strings.Contains(zhStart, `<a href="/zh/guides/api.html">API</a>`) && strings.Contains(files["zh/guides/api.html"], "<h1>API 中文</h1>")},
		{"zh: a page only in zh is built, and linked", strings.Contains(files["zh/guides/vsc.html"], "只有中文") && strings.Contains(zhStart, `<a href="/zh/guides/vsc.html">VSC</a>`)},
		{"zh: the site's settings are the default's (no date without git-revision-date)", !strings.Contains(zhStart, "Last updated") && !strings.Contains(start, "Last updated")},
		{"toc's [TOC] marker is not printed (sitegen's table of contents is beside the page)", !strings.Contains(zhStart, "[TOC]")},
		{"zh: nav_translations relabel the nav", strings.Contains(zhStart, "指南") && strings.Contains(start, "Guides")},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: not so", c.rule)
		}
	}
}
