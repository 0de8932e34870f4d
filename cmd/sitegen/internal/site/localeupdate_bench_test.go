package site

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// BenchmarkUpdateLocales times one save of a French page's body in a
// generated Docusaurus, VitePress, Starlight and Hugo site of three locales
// (SITEGEN_BENCH_PAGES pages each, 300 by default; the third locale has
// half of them translated where the tool falls back on the default's
// pages): "update" is Site.Update of the kept locales' sites (serve
// now), "create+delete" the two Updates of a page of the default locale
// created then deleted (Site.relayout; a full build each before), "full"
// the full build serve made before at each such save (BuildSite over
// the published output, with a build cache).
//
//	go test -run '^$' -bench UpdateLocales -benchtime 10x ./cmd/sitegen/internal/site
func BenchmarkUpdateLocales(b *testing.B) {
	n := 300
	if v := os.Getenv("SITEGEN_BENCH_PAGES"); v != "" {
		if _, err := fmt.Sscan(v, &n); err != nil {
			b.Fatal(err)
		}
	}
	page := func(title string, i int) string {
		return fmt.Sprintf("---\ntitle: %s %d\n---\n\n## Rule\n\nRoll %d dice and add the bonus. See [the next](p%d.md).\n\n- one\n- two\n", title, i, i%6+1, i%20+1)
	}
	const frDocs = "i18n/fr/docusaurus-plugin-content-docs/current/"
	const deDocs = "i18n/de/docusaurus-plugin-content-docs/current/"
	for _, tc := range []struct {
		tool     string
		settings map[string]string
		en, fr   string // the folders of the default's and French pages
		de       string // the third locale's; "" for every page (no fallback)
	}{
		{"Docusaurus", map[string]string{"docusaurus.config.js": "module.exports = {title: 'Rules', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'warn',\n" +
			"  i18n: {defaultLocale: 'en', locales: ['en', 'fr', 'de']}};\n"}, "docs/", frDocs, deDocs},
		{"VitePress", map[string]string{".vitepress/config.mts": "export default { title: 'Rules', ignoreDeadLinks: true,\n  locales: { root: { label: 'English', lang: 'en' },\n" +
			"    fr: { label: 'Français', lang: 'fr' }, es: { label: 'Español', lang: 'es' } } }\n",
			"index.md": "# Home\n", "fr/index.md": "# Accueil\n", "es/index.md": "# Inicio\n"}, "", "fr/", ""},
		{"Starlight", map[string]string{"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Rules',\n" +
			"  locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' }, de: { label: 'Deutsch', lang: 'de' } } })] };\n",
			"src/content/docs/index.md": "---\ntitle: Home\n---\n", "src/content/docs/fr/index.md": "---\ntitle: Accueil\n---\n",
			"src/content/docs/de/index.md": "---\ntitle: Start\n---\n"}, "src/content/docs/", "src/content/docs/fr/", "src/content/docs/de/"},
		// Hugo's languages have pages of their own ("Translation by
		// content directory"): a page created has no translation, the
		// others' switchers stay as they were (Site.relink).
		{"Hugo", map[string]string{"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'Rules'\ndefaultContentLanguage = 'en'\n" +
			"[languages.en]\nweight = 1\ncontentDir = 'content/en'\n[languages.fr]\nweight = 2\ncontentDir = 'content/fr'\n" +
			"[languages.de]\nweight = 3\ncontentDir = 'content/de'\n"}, "content/en/", "content/fr/", "content/de/"},
	} {
		files := map[string]string{}
		for k, v := range tc.settings {
			files[k] = v
		}
		third := tc.de
		if third == "" {
			third = "es/"
		}
		for i := range n {
			rel := fmt.Sprintf("sec%d/p%d.md", i/20, i%20)
			files[tc.en+rel] = page("Rule", i)
			files[tc.fr+rel] = page("Règle", i)
			if tc.de == "" || i%2 == 0 {
				files[third+rel] = page("Regel", i)
			}
		}
		src := b.TempDir()
		sitetest.WriteFiles(b, src, files)
		note := path.Join(tc.fr, "sec3/p7.md")
		file := filepath.Join(src, filepath.FromSlash(note))
		opts := content.Options{Source: src, Dest: filepath.Join(b.TempDir(), "out"), CacheDir: b.TempDir(), BrokenLinks: "warn", Incremental: true, Theme: theme}
		s, _, err := BuildSite(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		save := func(i int) {
			if err := os.WriteFile(file, []byte(page("Règle", 67)+fmt.Sprintf("\nÉdité %d.\n", i%2)), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(tc.tool+"/update", func(b *testing.B) {
			rendered, written := 0, 0
			for i := range b.N {
				save(i)
				u, err := s.Update(context.Background(), []string{note})
				if err != nil || u.Full || len(u.Errors) > 0 {
					b.Fatalf("Update = %+v, %v", u, err)
				}
				rendered += u.Rendered
				written += len(u.Outputs)
			}
			b.ReportMetric(float64(rendered)/float64(b.N), "rendered/op")
			b.ReportMetric(float64(written)/float64(b.N), "written/op")
		})
		// A page of the default locale created, then deleted: each
		// locale that falls back shows it (VitePress: the root's alone).
		created := path.Join(tc.en, "sec3/new.md")
		newFile := filepath.Join(src, filepath.FromSlash(created))
		// As serve: the pages whose navigation alone changed (the new
		// page in every page's sidebar) are written after the push, out
		// of the time measured (Site.NavLater).
		b.Run(tc.tool+"/create+delete", func(b *testing.B) {
			s.NavLater(true)
			defer s.NavLater(false)
			rendered, written, later := 0, 0, 0
			for range b.N {
				for _, create := range []bool{true, false} {
					var err error
					if create {
						err = os.WriteFile(newFile, []byte(page("New", 999)), 0o644)
					} else {
						err = os.Remove(newFile)
					}
					if err != nil {
						b.Fatal(err)
					}
					u, err := s.Update(context.Background(), []string{created})
					if err != nil || u.Full || len(u.Errors) > 0 {
						b.Fatalf("Update (create %v) = %+v, %v", create, u, err)
					}
					rendered += u.Rendered
					written += len(u.Outputs)
					b.StopTimer()
					more, err := s.WriteLater(context.Background())
					if err != nil {
						b.Fatal(err)
					}
					later += len(more)
					b.StartTimer()
				}
			}
			b.ReportMetric(float64(rendered)/float64(b.N), "rendered/op")
			b.ReportMetric(float64(written)/float64(b.N), "written/op")
			b.ReportMetric(float64(later)/float64(b.N), "later/op")
		})
		b.Run(tc.tool+"/full", func(b *testing.B) {
			for i := range b.N {
				save(i)
				if _, _, err := BuildSite(context.Background(), opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkUpdateLocalesMemory measures what serve's site holds of a
// generated Docusaurus site of three locales (SITEGEN_BENCH_PAGES pages
// each, 300 by default; de has half translated) after its first build and
// after 200 saves (in turn: a French body, a default page created, the
// same deleted, a German translation created, the same deleted): the Go
// heap in use after a collection, and the process's resident memory.
// The issue asks that it stay within 10%.
//
//	go test -run '^$' -bench UpdateLocalesMemory -benchtime 1x ./cmd/sitegen/internal/site
func BenchmarkUpdateLocalesMemory(b *testing.B) {
	n := 300
	if v := os.Getenv("SITEGEN_BENCH_PAGES"); v != "" {
		if _, err := fmt.Sscan(v, &n); err != nil {
			b.Fatal(err)
		}
	}
	page := func(title string, i int, extra string) string {
		return fmt.Sprintf("---\ntitle: %s %d\n---\n\n## Rule\n\nRoll %d dice and add the bonus. See [the next](p%d.md).%s\n", title, i, i%6+1, i%20+1, extra)
	}
	const frDocs = "i18n/fr/docusaurus-plugin-content-docs/current/"
	const deDocs = "i18n/de/docusaurus-plugin-content-docs/current/"
	files := map[string]string{"docusaurus.config.js": "module.exports = {title: 'Rules', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'warn',\n" +
		"  i18n: {defaultLocale: 'en', locales: ['en', 'fr', 'de']}};\n"}
	for i := range n {
		rel := fmt.Sprintf("sec%d/p%d.md", i/20, i%20)
		files["docs/"+rel] = page("Rule", i, "")
		files[frDocs+rel] = page("Règle", i, "")
		if i%2 == 0 {
			files[deDocs+rel] = page("Regel", i, "")
		}
	}
	for range b.N {
		src := b.TempDir()
		sitetest.WriteFiles(b, src, files)
		opts := content.Options{Source: src, Dest: filepath.Join(b.TempDir(), "out"), CacheDir: b.TempDir(), BrokenLinks: "warn", Incremental: true, Theme: theme}
		s, _, err := BuildSite(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		heap0, rss0 := heapInuse(), residentMemory()
		saves := []struct{ file, body string }{
			{frDocs + "sec3/p7.md", "edited"},
			{"docs/sec3/new.md", page("New", 999, "")},
			{"docs/sec3/new.md", ""},
			{deDocs + "sec3/p7.md", page("Regel", 67, "")},
			{deDocs + "sec3/p7.md", ""},
		}
		for i := range 200 {
			sv := saves[i%len(saves)]
			p := filepath.Join(src, filepath.FromSlash(sv.file))
			switch sv.body {
			case "":
				err = os.Remove(p)
			case "edited":
				err = os.WriteFile(p, []byte(page("Règle", 67, fmt.Sprintf(" Édité %d.", i))), 0o644)
			default:
				err = os.WriteFile(p, []byte(sv.body), 0o644)
			}
			if err != nil {
				b.Fatal(err)
			}
			u, err := s.Update(context.Background(), []string{sv.file})
			if err != nil || u.Full || len(u.Errors) > 0 {
				b.Fatalf("save %d (%s): Update = %+v, %v", i, sv.file, u, err)
			}
			if i%len(saves) == len(saves)-1 {
				if err := s.SearchWriter(0).Write(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		}
		heap1, rss1 := heapInuse(), residentMemory()
		b.ReportMetric(float64(heap0)/(1<<20), "heap-first-MB")
		b.ReportMetric(float64(heap1)/(1<<20), "heap-200-MB")
		b.ReportMetric(float64(rss0)/(1<<20), "rss-first-MB")
		b.ReportMetric(float64(rss1)/(1<<20), "rss-200-MB")
		runtime.KeepAlive(s)
	}
}

// heapInuse is the Go heap in use after a collection.
func heapInuse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// residentMemory is the process's resident set size (Linux's
// /proc/self/status VmRSS), 0 where it cannot be read.
func residentMemory() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			var kb uint64
			if _, err := fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb); err == nil {
				return kb << 10
			}
		}
	}
	return 0
}
