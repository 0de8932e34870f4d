package servecmd

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/watch"
)

// TestServeLocales: a Docusaurus site in several languages is one site
// per locale ("npm run build ... builds all locales",
// https://docusaurus.io/docs/i18n/tutorial#build-your-localized-site),
// and serve keeps each: an edit of a doc is an update (logged "updated",
// not "built") that shows in each locale that shows it untranslated, an
// edit of a translation under i18n/ (watched) an update of its locale,
// and so is a translation that comes or goes;
// an edit of the translated words (current.json: "Translate JSON
// files") a full build, which reads them again.
func TestServeLocales(t *testing.T) {
	src := t.TempDir()
	const fr = "i18n/fr/docusaurus-plugin-content-docs/"
	for rel, body := range map[string]string{
		"docusaurus.config.js":       "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', i18n: {defaultLocale: 'en', locales: ['en', 'fr']}};\n",
		"docs/intro.md":              "# Intro\n\nFirst words.\n",
		"docs/outro.md":              "# Outro\n\nLast words.\n",
		"docs/rules/_category_.json": `{"label": "Rules"}`,
		"docs/rules/roll.md":         "# Roll\n\nRoll.\n",
		fr + "current/intro.md":      "# Présentation\n\nPremiers mots.\n",
	} {
		writeFile(t, src, rel, body)
	}
	h := newHarness(t, src)
	var log strings.Builder
	h.srv.out = &log
	if _, body := h.get("/fr/docs/rules/roll/"); !strings.Contains(body, "Roll.") {
		t.Fatalf("/fr/docs/rules/roll/ before the edit: %q", body)
	}
	for _, tc := range []struct {
		file, body, url, want, log string
	}{
		{"docs/rules/roll.md", "# Roll\n\nRoll twice.\n", "/fr/docs/rules/roll/", "Roll twice.", "updated "},
		{fr + "current/intro.md", "# Présentation\n\nNouveaux mots.\n", "/fr/docs/intro/", "Nouveaux mots.", "updated "},
		// A translation that comes or goes: its locale's page reads
		// it, or the default's words again (site.Site.relayout).
		{fr + "current/outro.md", "# Fin\n\nDerniers mots.\n", "/fr/docs/outro/", "Derniers mots.", "updated "},
		{fr + "current/outro.md", "", "/fr/docs/outro/", "Last words.", "updated "},
		// A translation in a folder new under i18n/: the watcher reports
		// the folder, then its files, each an update.
		{fr + "current/rules/roll.md", "# Lancer\n\nLancez.\n", "/fr/docs/rules/roll/", "Lancez.", "updated "},
		{fr + "current.json", `{"sidebar.tutorialSidebar.category.Rules": {"message": "Règles"}}`, "/fr/docs/intro/", "Règles", "built "},
	} {
		log.Reset()
		if tc.body == "" {
			if err := os.Remove(h.path(tc.file)); err != nil {
				t.Fatal(err)
			}
		} else {
			h.write(tc.file, tc.body)
		}
		h.step(tc.file)
		if _, body := h.get(tc.url); !strings.Contains(body, tc.want) {
			t.Errorf("%s after the edit of %s does not show %q", tc.url, tc.file, tc.want)
		}
		if !strings.HasPrefix(log.String(), tc.log) {
			t.Errorf("the edit of %s: %q, want %q", tc.file, log.String(), tc.log)
		}
	}
	if _, body := h.get("/docs/intro/"); !strings.Contains(body, "First words.") {
		t.Errorf("/docs/intro/ changed by the French translation's edit")
	}
	// A folder under i18n/ is its files, each classified on its own (the
	// watcher reports those of a new folder after it); i18n/ itself and
	// the translated words are the settings' (a full build).
	for p, want := range map[string]kind{
		fr + "current/rules":   kindIgnore,
		fr + "current/rules/x": kindFull, // not a folder, not a page
		"i18n":                 kindFull,
		"i18n/fr/code.json":    kindFull,
		fr + "current.json":    kindFull,
		fr + "current/a.md":    kindPage,
	} {
		if got := h.srv.classify(watch.Change{Path: p, Op: watch.Create}); got != want {
			t.Errorf("classify(%s) = %d, want %d", p, got, want)
		}
	}
}

// TestServeHugoLanguages: "Hugo builds each language as its own site"
// (https://gohugo.io/content-management/multilingual/), and serve keeps
// each: a save in one language's contentDir is an update of that
// language's site (logged "updated", not "built"), shown at its URL, the
// other language's pages as they were; a contentDir outside content/ is
// watched too.
func TestServeHugoLanguages(t *testing.T) {
	src := t.TempDir()
	for rel, body := range map[string]string{
		"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'en'\n" +
			"[languages.en]\nweight = 1\ncontentDir = 'content/en'\n[languages.fr]\nweight = 2\ncontentDir = 'content/fr'\n" +
			"[languages.de]\nweight = 3\ncontentDir = 'deutsch'\n",
		"deutsch/_index.md":    "---\ntitle: Start\n---\nstart\n",
		"deutsch/combat.md":    "---\ntitle: Kampf\n---\nWürfeln.\n",
		"content/en/_index.md": "---\ntitle: Home\n---\nhome\n",
		"content/fr/_index.md": "---\ntitle: Accueil\n---\naccueil\n",
		"content/en/combat.md": "---\ntitle: Combat\n---\nRoll.\n",
		"content/fr/combat.md": "---\ntitle: Combat FR\n---\nLancez.\n",
	} {
		writeFile(t, src, rel, body)
	}
	h := newHarness(t, src)
	var log strings.Builder
	h.srv.out = &log
	for _, tc := range []struct{ file, body, url, want string }{
		{"content/fr/combat.md", "---\ntitle: Combat FR\n---\nLancez deux fois.\n", "/fr/combat/", "Lancez deux fois."},
		{"content/en/combat.md", "---\ntitle: Combat\n---\nRoll twice.\n", "/combat/", "Roll twice."},
		// A contentDir outside content/: watched too.
		{"deutsch/combat.md", "---\ntitle: Kampf\n---\nZweimal würfeln.\n", "/de/combat/", "Zweimal würfeln."},
	} {
		log.Reset()
		h.write(tc.file, tc.body)
		h.step(tc.file)
		if _, body := h.get(tc.url); !strings.Contains(body, tc.want) {
			t.Errorf("%s after the edit of %s does not show it", tc.url, tc.file)
		}
		if !strings.HasPrefix(log.String(), "updated ") {
			t.Errorf("the edit of %s: %q, want an update", tc.file, log.String())
		}
	}
	if _, body := h.get("/fr/combat/"); !strings.Contains(body, "Lancez deux fois.") {
		t.Errorf("/fr/combat/ changed by the English page's edit")
	}
}

// TestServeMultihost: a Hugo site whose languages each have their own
// baseURL ("you can configure a baseURL per language",
// https://gohugo.io/content-management/multilingual/) is published one
// folder per language, each at its host's root (TestHugoMultihost).
// Served from one port, each language's base URL is its folder: a
// page's links stay in its language's folder, its stylesheet loads, and
// the language switcher leads to the other folder.
func TestServeMultihost(t *testing.T) {
	src := t.TempDir()
	for rel, body := range map[string]string{
		"hugo.toml": "title = 'T'\ndefaultContentLanguage = 'en'\n" +
			"[languages.en]\nweight = 1\nbaseURL = 'https://en.x.test/'\n[languages.fr]\nweight = 2\nbaseURL = 'https://fr.x.test/'\n",
		"content/_index.md":    "---\ntitle: Home\n---\nhome\n",
		"content/_index.fr.md": "---\ntitle: Accueil\n---\naccueil\n",
		"content/combat.md":    "---\ntitle: Combat\n---\n[magic](/magic/) ![i](/img/a.png)\n",
		"content/combat.fr.md": "---\ntitle: Combat FR\n---\nc\n",
		"content/magic.md":     "---\ntitle: Magic\n---\nm\n",
		"static/img/a.png":     "png",
	} {
		writeFile(t, src, rel, body)
	}
	h := newHarness(t, src)
	code, page := h.get("/en/combat/")
	if code != 200 {
		t.Fatalf("/en/combat/: status %d", code)
	}
	for _, want := range []string{`href="/en/magic/"`, `src="/en/img/a.png"`, `href="http://127.0.0.1:1313/fr/combat/" hreflang="fr"`} {
		if !strings.Contains(page, want) {
			t.Errorf("/en/combat/ lacks %s", want)
		}
	}
	css := regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)"`).FindStringSubmatch(page)
	for _, u := range []string{"/en/magic/", "/en/img/a.png", "/fr/combat/"} {
		if code, _ := h.get(u); code != 200 {
			t.Errorf("%s: status %d", u, code)
		}
	}
	if css == nil || !strings.HasPrefix(css[1], "/en/") {
		t.Errorf("stylesheet %v, want one under /en/", css)
	} else if code, _ := h.get(css[1]); code != 200 {
		t.Errorf("%s: status %d", css[1], code)
	}
}

// TestServeHugoReadFile: "readFile: Returns the contents of a file ...
// relative to the current working directory"
// (https://gohugo.io/functions/os/readfile/): a page's shortcode that
// reads gen/careers.md, a folder serve does not watch by the layout,
// shows the file's new text after a save of it, by an update; a file no
// page reads in that folder is not followed.
func TestServeHugoReadFile(t *testing.T) {
	src := t.TempDir()
	for rel, body := range map[string]string{
		"hugo.toml":                       "baseURL = 'https://x.test/'\ntitle = 'T'\n",
		"content/_index.md":               "---\ntitle: Home\n---\nhome\n",
		"layouts/shortcodes/include.html": `{{ readFile (.Get 0) }}`,
		"gen/careers.md":                  "| Career |\n|---|\n| Alchemist |\n",
		"gen/unread.md":                   "unread\n",
		"content/careers.md":              "---\ntitle: Careers\n---\n\n{{% include \"gen/careers.md\" %}}\n",
	} {
		writeFile(t, src, rel, body)
	}
	h := newHarness(t, src)
	var log strings.Builder
	h.srv.out = &log
	if _, body := h.get("/careers/"); !strings.Contains(body, "Alchemist") {
		t.Fatalf("/careers/ before the save: %q", body)
	}
	h.write("gen/unread.md", "still unread\n")
	h.write("gen/careers.md", "| Career |\n|---|\n| Bard |\n")
	h.step("gen/careers.md")
	if _, body := h.get("/careers/"); !strings.Contains(body, "Bard") {
		t.Errorf("/careers/ after the save of gen/careers.md does not show it")
	}
	if !strings.HasPrefix(log.String(), "updated ") || strings.Contains(log.String(), "unread") {
		t.Errorf("the save of gen/careers.md: %q, want an update of it alone", log.String())
	}
}
