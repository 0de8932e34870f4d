package site

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// readFileSite is murdham's (azureorangutan/murdham, issue 32 NA12)
// include shortcode and its use, shortened: Hugo 0.111 renders
// gen/ref_careers.md's table in the page ({{% %}}: "the shortcode's output
// is ... rendered as Markdown",
// https://gohugo.io/content-management/shortcodes/#notation), a
// {{< >}} use as HTML, not rendered.
func readFileSite() map[string]string {
	return map[string]string{
		"hugo.toml":                       "title = \"M\"\nbaseURL = \"https://m.test/\"\n",
		"content/_index.md":               "---\ntitle: Home\n---\n",
		"layouts/shortcodes/include.html": `{{ $base_path := $.Page.File.Dir }}{{ $file_path := .Get 0 }}{{ readFile (path.Join $base_path $file_path) }}`,
		"gen/ref_careers.md":              "| Career | Skill |\n|---|---|\n| *Alchemist* | Brew |\n",
		"content/rules/careers.md":        "---\ntitle: Careers\n---\n\nCareers are below.\n\n{{% include \"../gen/ref_careers.md\" %}}\n",
		"content/rules/raw.md":            "---\ntitle: Raw\n---\n\n{{< include \"../gen/ref_careers.md\" >}}\n",
	}
}

// TestHugoReadFile: the included file's text is the page's, as Markdown
// for {{% %}} and as written for {{< >}}, with no warning; a read sitegen
// refuses (a link out of the site, a hidden folder, a path out) is a
// warning at the shortcode naming the path, never the file's text.
func TestHugoReadFile(t *testing.T) {
	files := readFileSite()
	files["content/rules/out.md"] = "---\ntitle: Out\n---\n\nA\n\n{{< include \"../../../outside.txt\" >}}\n\n{{< include \"../.git/config\" >}}\n\n{{< include \"../gen/link.txt\" >}}\n\n{{< include \"../gen/none.md\" >}}\n"
	files[".git/config"] = "GITSECRET\n"
	src := t.TempDir()
	sitetest.WriteFiles(t, src, files)
	outside := filepath.Join(t.TempDir(), "outside.txt")
	if err := os.WriteFile(outside, []byte("OUTSIDESECRET\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(src, "gen/link.txt")); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	page := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dest, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	careers := page("rules/careers/index.html")
	for _, want := range []string{"Careers are below.", "<table>", "<em>Alchemist</em>", "Brew"} {
		if !strings.Contains(careers, want) {
			t.Errorf("rules/careers/index.html lacks %s", want)
		}
	}
	if raw := page("rules/raw/index.html"); !strings.Contains(raw, "| *Alchemist* | Brew |") {
		t.Errorf("rules/raw/index.html: {{< >}} output not as written (HTML, not Markdown)")
	}
	all := strings.Join(res.Warnings, "\n")
	for _, w := range []string{
		`content/rules/out.md:7:1: Hugo shortcode "include": readFile "../../outside.txt" is not read (it leads out of the site's folder)`,
		`content/rules/out.md:9:1: Hugo shortcode "include": readFile ".git/config" is not read (.git is a hidden`,
		`content/rules/out.md:11:1: Hugo shortcode "include": readFile "gen/link.txt" is not read (symbolic link to`,
		`content/rules/out.md:13:1: Hugo shortcode "include": readFile "gen/none.md": no such file`,
	} {
		if !strings.Contains(all, w) {
			t.Errorf("no warning %q in:\n%s", w, all)
		}
	}
	if regexp.MustCompile(`careers\.md|raw\.md`).MatchString(all) {
		t.Errorf("warnings on the pages that read their file:\n%s", all)
	}
	out := page("rules/out/index.html")
	for _, secret := range []string{"SECRET"} {
		if strings.Contains(out, secret) || strings.Contains(all, secret) {
			t.Errorf("a refused file's text is published or warned")
		}
	}
}

// TestHugoReadFileRebuilt: the file a shortcode read is an input of its
// page: a build that reuses the previous build's pages (the build cache)
// and serve's update both show its new text.
func TestHugoReadFileRebuilt(t *testing.T) {
	r := newCacheRun(t, readFileSite())
	r.build(t)
	edit(t, r.opts.Source, map[string]string{"gen/ref_careers.md": "| Career | Skill |\n|---|---|\n| *Bard* | Sing |\n"})
	r.build(t) // byte for byte a build without the cache
	b, err := os.ReadFile(filepath.Join(r.opts.Dest, "rules/careers/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "<em>Bard</em>") || strings.Contains(string(b), "Alchemist") {
		t.Errorf("cached build: rules/careers/index.html does not show the edited file")
	}

	opts := r.opts
	opts.Incremental = true // as serve
	s, res, err := BuildSite(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	res.Cleanup()
	u, err := s.Update(context.Background(), edit(t, r.opts.Source, map[string]string{"gen/ref_careers.md": "| Career | Skill |\n|---|---|\n| *Cook* | Stew |\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Errors) > 0 {
		t.Fatal(u.Errors)
	}
	b, err = os.ReadFile(filepath.Join(r.opts.Dest, "rules/careers/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "<em>Cook</em>") {
		t.Errorf("serve's update (full %v, %s): rules/careers/index.html does not show the edited file", u.Full, u.Reason)
	}
}

// TestHugoReadFileIDs: the headings of the file a shortcode includes are
// the page's, as in Hugo's output ("{{% %}}: ... rendered as Markdown",
// https://gohugo.io/content-management/shortcodes/#notation): a link to
// one resolves in a strict build; once the file loses that heading, a
// build that reuses the previous build's pages (the build cache) finds
// the link broken, as a build without the cache does.
func TestHugoReadFileIDs(t *testing.T) {
	files := readFileSite()
	files["gen/ref_careers.md"] = "## Acrobat\n\nGrace.\n"
	files["content/rules/other.md"] = "---\ntitle: Other\n---\n\nBe an [acrobat](/rules/careers/#acrobat).\n"
	src := t.TempDir()
	sitetest.WriteFiles(t, src, files)
	if _, err := build(t, src, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public")}); err != nil {
		t.Fatalf("strict build: %v", err)
	}

	r := newCacheRun(t, files)
	if res := r.build(t); len(res.Warnings) > 0 {
		t.Errorf("warnings: %q", res.Warnings)
	}
	edit(t, r.opts.Source, map[string]string{"gen/ref_careers.md": "## Bard\n\nSongs.\n"})
	res := r.build(t) // its warnings are those of a build without the cache
	if !strings.Contains(strings.Join(res.Warnings, "\n"), `content/rules/other.md:5:7: broken link "/rules/careers/#acrobat"`) {
		t.Errorf("after the edit, no broken link to #acrobat in %q", res.Warnings)
	}
}
