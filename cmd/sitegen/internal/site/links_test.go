package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestSiteAbsoluteLinks: links written from the site's root, as MkDocs and
// Hugo corpora write them, are checked against pages, files and assets and
// published under the base path.
func TestSiteAbsoluteLinks(t *testing.T) {
	files := map[string]string{
		"site.toml":                    "title = \"T\"\nbaseURL = \"https://rules.test/srd/\"\n",
		"content/rules/_index.md":      "---\ntitle: Rules\n---\n",
		"content/rules/adv_and_dis.md": "---\ntitle: Advantage\n---\n\n## Rolling twice\n",
		"content/rules/map.png":        "PNG",
		"static/img/logo.png":          "LOGO",
		"content/a.md": "---\ntitle: A\n---\n\n" +
			"[1](/rules/adv_and_dis/) [2](/rules/adv_and_dis#rolling-twice) [3](/Rules/Adv_And_Dis/)\n" +
			"[4](/rules/adv_and_dis.md) [5](/rules/map.png) [6](/img/logo.png) [7](/css/site.css) [8](/)\n" +
			"[9](//cdn.example/x.js) [10](/sitemap.xml?x=1)\n" +
			"[11](../rules/adv_and_dis/#rolling-twice) [12](../rules/) [13](rules/map.png)\n",
	}
	src := writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	page := readTree(t, src+"/public")["a/index.html"]
	for _, want := range []string{
		`href="/srd/rules/adv_and_dis/">1`, `href="/srd/rules/adv_and_dis/#rolling-twice">2`, `href="/srd/rules/adv_and_dis/">3`,
		`href="/srd/rules/adv_and_dis/">4`, `href="/srd/rules/map.png">5`, `href="/srd/img/logo.png">6`,
		`href="/srd/css/site.`, `href="/srd/">8`, `href="//cdn.example/x.js">9`, `href="/srd/sitemap.xml?x=1">10`,
		`href="/srd/rules/adv_and_dis/#rolling-twice">11`, `href="/srd/rules/">12`, `href="/srd/rules/map.png">13`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	files["content/a.md"] = "---\ntitle: A\n---\n\n[x](/rules/missing/) and [y](/rules/adv_and_dis/#nope)\n\n[z](../rules/gone/)\n"
	_, err := build(t, writeTree(t, files), content.Options{})
	for _, want := range []string{
		`content/a.md:5:1: broken link "/rules/missing/": no page or file of this site is at /rules/missing`,
		`content/a.md:5:26: broken link "/rules/adv_and_dis/#nope": no heading with id "nope" on the page at /rules/adv_and_dis/`,
		`content/a.md:7:1: broken link "../rules/gone/": no page or file of this site is at /rules/gone`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %s", err, want)
		}
	}
}

// TestURLUnderscores: underscores stay in URLs by default, as in Hugo and
// MkDocs; urlUnderscores = "hyphen" turns them into hyphens.
func TestURLUnderscores(t *testing.T) {
	files := map[string]string{"content/my_rules/a_b.md": "---\ntitle: AB\n---\n", "content/my_rules/pic_1.png": "P"}
	src := writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, src+"/public")
	if _, ok := out["my_rules/a_b/index.html"]; !ok {
		t.Errorf("default: my_rules/a_b/index.html missing")
	}
	files["site.toml"] = "title = \"T\"\nbaseURL = \"https://rules.test/\"\nurlUnderscores = \"hyphen\"\n"
	src = writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out = readTree(t, src+"/public")
	for _, want := range []string{"my-rules/a-b/index.html", "my-rules/pic_1.png"} {
		if _, ok := out[want]; !ok {
			t.Errorf("hyphen: %s missing", want)
		}
	}
	files["site.toml"] = "title = \"T\"\nbaseURL = \"https://rules.test/\"\nurlUnderscores = \"dash\"\n"
	_, err := build(t, writeTree(t, files), content.Options{})
	if err == nil || !strings.Contains(err.Error(), `site.toml:3:1: urlUnderscores: "dash" must be "keep"`) {
		t.Errorf("bad value: err = %v", err)
	}
}

// TestCopyrightFooter: site.toml's copyright is the footer of every page,
// inline Markdown whose links are checked; without it there is no footer
// (the theme names no licence of its own).
func TestCopyrightFooter(t *testing.T) {
	files := map[string]string{
		"site.toml":           "title = \"T\"\nbaseURL = \"https://rules.test/sub/\"\ncopyright = \"© Me, under the [licence](/legal/)\"\n",
		"content/legal.md":    "---\ntitle: Legal\n---\n",
		"content/a/_index.md": "---\ntitle: A\n---\n",
	}
	src := writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, src+"/public")
	want := `<footer class="site-footer"><p>© Me, under the <a href="/sub/legal/">licence</a></p></footer>`
	for _, p := range []string{"index.html", "a/index.html", "404.html"} {
		if !strings.Contains(out[p], want) {
			t.Errorf("%s lacks the footer %s", p, want)
		}
	}
	files["site.toml"] = "title = \"T\"\nbaseURL = \"https://rules.test/\"\ncopyright = \"see [x](/nowhere/)\"\n"
	_, err := build(t, writeTree(t, files), content.Options{})
	if err == nil || !strings.Contains(err.Error(), `site.toml:3:1: copyright: broken link "/nowhere/"`) {
		t.Errorf("broken footer link: err = %v", err)
	}
	delete(files, "site.toml")
	src = writeTree(t, files)
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(readTree(t, src+"/public")["index.html"], "<footer") {
		t.Errorf("a footer without a copyright setting")
	}
}
