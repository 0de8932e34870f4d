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

// TestMkDocsI18nFolder builds the same project in mkdocs-static-i18n's
// folder structure, by the same rules: "Using the folder docs structure,
// you will create a folder per language code (like en/ and fr/) and put
// your localized pages on those folders" (docs/en/index.md, docs/fr/
// image.png, docs/assets/image_non_localized.png shared:
// https://ultrabug.github.io/mkdocs-static-i18n/setup/choosing-the-structure/),
// and "the image.png and its fr/image.png localized counterpart can be
// referenced the same way as ![my image](image.png) ... It works the same
// for the folder structure!"
// (https://ultrabug.github.io/mkdocs-static-i18n/setup/translating-content/):
// a page's links are written from its path without the language folder
// (the plugin's folder.I18nFiles looks LANG/path up, then
// DEFAULT/path, then path).
func TestMkDocsI18nFolder(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"mkdocs.yml": "site_name: Mods\nuse_directory_urls: false\nnav:\n  - Index: index.md\n  - Guides:\n    - API: guides/api.md\n    - Start: guides/start.md\n" +
			"plugins:\n  - search\n  - i18n:\n      docs_structure: folder\n      languages:\n        - locale: en\n          default: true\n          name: English\n" +
			"        - locale: zh\n          name: 中文\n          site_name: 模组\n          nav_translations:\n            Guides: 指南\n",
		"docs/en/index.md":        "# Welcome\n\nSee [the API](guides/api.md).\n\n![logo](assets/logo.png)\n",
		"docs/zh/index.md":        "# 欢迎\n\n见 [API](guides/api.md).\n",
		"docs/en/guides/api.md":   "# API\n\nCalls.\n",
		"docs/zh/guides/api.md":   "# API 中文\n\n调用.\n",
		"docs/en/guides/start.md": "# Start\n\nRead [the API](./api.md).\n\n![code](../img/code.png)\n\n![shot](../img/shot.png)\n",
		"docs/zh/guides/start.md": "# 开始\n\n读 [API](./api.md), [VSC](../guides/vsc.md).\n\n![code](../img/code.png)\n\n![shot](../img/shot.png)\n",
		"docs/zh/guides/vsc.md":   "# VSC 中文\n\n只有中文.\n",
		"docs/en/img/code.png":    "en-code",
		"docs/en/img/shot.png":    "en-shot",
		"docs/zh/img/shot.png":    "zh-shot",
		"docs/assets/logo.png":    "logo",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	if len(res.WarningList) > 0 {
		t.Errorf("warnings: %v", res.WarningList)
	}
	files := readTree(t, out)
	for _, f := range []string{"index.html", "guides/api.html", "guides/start.html", "img/code.png", "img/shot.png", "assets/logo.png",
		"zh/index.html", "zh/guides/api.html", "zh/guides/start.html", "zh/guides/vsc.html", "zh/img/shot.png"} {
		if _, ok := files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	for f := range files {
		// en.html: the home page is index.html alone.
		if strings.HasPrefix(f, "en/") || strings.HasPrefix(f, "zh/en/") || strings.HasPrefix(f, "zh/zh/") || f == "guides/vsc.html" || f == "en.html" || f == "zh/en.html" {
			t.Errorf("%s published", f)
		}
	}
	home, start, zhStart, zhHome := files["index.html"], files["guides/start.html"], files["zh/guides/start.html"], files["zh/index.html"]
	checks := []struct {
		rule string
		ok   bool
	}{
		{"en/index.md is the home page", strings.Contains(home, "<h1>Welcome</h1>")},
		{"zh: zh/index.md is the language's home page", strings.Contains(zhHome, "<h1>欢迎</h1>")},
		{"a link to guides/api.md reaches en/guides/api.md's page", strings.Contains(home, `<a href="/guides/api.html">the API</a>`)},
		{"assets/logo.png, outside the language folders, is shared", strings.Contains(home, `src="/assets/logo.png"`) && files["assets/logo.png"] == "logo"},
		{"img/code.png is en/img/code.png", strings.Contains(start, `src="/img/code.png"`) && files["img/code.png"] == "en-code"},
		{"zh: img/shot.png is zh/img/shot.png", strings.Contains(zhStart, `src="/zh/img/shot.png"`) && files["zh/img/shot.png"] == "zh-shot" && files["img/shot.png"] == "en-shot"},
		{"zh: img/code.png falls back to the default's file", strings.Contains(zhStart, `src="/zh/img/code.png"`) && files["zh/img/code.png"] == "en-code"},
		{"zh: a link to api.md reaches the zh site's API page", strings.Contains(zhStart, `<a href="/zh/guides/api.html">API</a>`) && strings.Contains(files["zh/guides/api.html"], "<h1>API 中文</h1>")},
		{"zh: a page only in zh is built, and linked", strings.Contains(files["zh/guides/vsc.html"], "只有中文") && strings.Contains(zhStart, `<a href="/zh/guides/vsc.html">VSC</a>`)},
		{"zh: nav_translations relabel the nav", strings.Contains(zhStart, "指南") && strings.Contains(start, "Guides")},
		{"zh: the language's site_name", strings.Contains(zhStart, "模组")},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: not so", c.rule)
		}
	}
}

// TestMkDocsI18nFolderNoNav: without nav:, a folder-structured site's
// navigation is its language folder's pages, the folder itself no group:
// the plugin "Remove[s] the Section(title='En') language sections"
// (mkdocs_static_i18n/folder.py, reconfigure_navigation), and
// LANG/topic1/index.md is at /topic1/ ("the generated site files have
// their localization ... removed",
// https://ultrabug.github.io/mkdocs-static-i18n/setup/translating-content/).
func TestMkDocsI18nFolderNoNav(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"mkdocs.yml": "site_name: S\nplugins:\n  - i18n:\n      docs_structure: folder\n      languages:\n        - locale: en\n          default: true\n          name: English\n" +
			"        - locale: fr\n          name: Français\n",
		"docs/en/index.md":        "# Home\n",
		"docs/fr/index.md":        "# Accueil\n",
		"docs/en/topic1/index.md": "# Topic\n",
		"docs/fr/topic1/index.md": "# Sujet\n",
		"docs/fr/only/index.md":   "# Seul\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	for _, f := range []string{"index.html", "topic1/index.html", "fr/index.html", "fr/topic1/index.html", "fr/only/index.html"} {
		if _, ok := files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	for _, f := range []string{"en/index.html", "only/index.html", "fr/en/index.html", "fr/fr/index.html"} {
		if _, ok := files[f]; ok {
			t.Errorf("%s published", f)
		}
	}
	if home := files["index.html"]; !strings.Contains(home, "<h1>Home</h1>") || strings.Contains(home, ">En<") || !strings.Contains(home, `<a href="/topic1/">Topic</a>`) {
		t.Errorf("home: want en/index.md's text and Topic at the top of the navigation, no En group")
	}
	if fr := files["fr/index.html"]; !strings.Contains(fr, "<h1>Accueil</h1>") || strings.Contains(fr, ">Fr<") || !strings.Contains(fr, `<a href="/fr/only/">Seul</a>`) {
		t.Errorf("fr home: want fr/index.md's text and Seul at the top of the navigation, no Fr group")
	}
}
