package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusAssetPathOutOfDocs (eval7B LB5): "If you use the Markdown
// image or link syntax, all asset paths will be resolved as file paths by
// Docusaurus and automatically converted to require() calls"
// (https://docusaurus.io/docs/markdown-features/assets). A doc's image
// path may so leave the docs folder (docs/a.md: ../static/img/x.png) and
// name a file of the site: that file is shown. Out of both docs/ and
// static/ (https://docusaurus.io/docs/static-assets#in-markdown: "you can
// reference static assets ... as well as any other file ... by relative
// path"; transformLinks' getLocalFileAbsolutePath joins the path to the
// doc's folder and bundles it when "isExistingFile"), the file is
// published too, under assets/files/ as Docusaurus's build puts it under
// assets/: never a file out of the source, in a hidden folder or
// node_modules, or through a link out. A path to no file is still an
// error.
func TestDocusaurusAssetPathOutOfDocs(t *testing.T) {
	for _, tc := range []struct {
		name     string
		doc      string
		want     string // a string docs/a/index.html holds
		wantErr  string // a part of the strict build's error
		wantFile string // a file published, with its text after "="
	}{
		{"image in static/", "![x](../static/img/x.png)", `<img src="/img/x.png" alt="x"`, "", ""},
		{"link to a file in static/", "[sheet](../static/files/sheet.pdf)", `<a href="/files/sheet.pdf">sheet</a>`, "", ""},
		{"absent file", "![x](../static/img/none.png)", "", "points outside docs/", ""},
		{"out of the source", "![x](../../secret.png)", "", "points outside docs/", ""},
		{"image out of docs/ and static/", "![map](../assets/maps/town.png)", `<img src="/assets/files/assets/maps/town.png" alt="map"`, "", "assets/files/assets/maps/town.png=town"},
		{"link to a file out of docs/ and static/", "[rules](../downloads/rules.pdf)", `<a href="/assets/files/downloads/rules.pdf">rules</a>`, "", "assets/files/downloads/rules.pdf=rules"},
		{"a file in a hidden folder", "[key](../.private/key.txt)", "", "points outside docs/", ""},
		{"a file of node_modules", "[lib](../node_modules/x/index.js)", "", "points outside docs/", ""},
		{"a link out of the source", "[out](../linked/secret.png)", "", "points outside docs/", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "site")
			sitetest.WriteFiles(t, root, map[string]string{"secret.png": "private"})
			sitetest.WriteFiles(t, dir, map[string]string{
				"docusaurus.config.js":    "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', {docs: {}, blog: false}]]};\n",
				"docs/intro.md":           "---\nslug: /\n---\n# Intro\n\n[a](a.md)\n",
				"docs/a.md":               "# A\n\n" + tc.doc + "\n",
				"static/img/x.png":        "png",
				"static/files/sheet.pdf":  "pdf",
				"assets/maps/town.png":    "town",
				"downloads/rules.pdf":     "rules",
				".private/key.txt":        "private",
				"node_modules/x/index.js": "private",
			})
			if err := os.Symlink(root, filepath.Join(dir, "linked")); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "out")
			_, err := build(t, dir, content.Options{Theme: theme, Dest: out})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			got := readTree(t, out)
			want := map[string]string{"docs/a/index.html": tc.want, "img/x.png": "png"}
			if f, text, ok := strings.Cut(tc.wantFile, "="); ok {
				want[f] = text
			}
			published(t, got, want, "")
			for f := range got {
				if strings.HasPrefix(f, "assets/") && tc.wantFile == "" {
					t.Errorf("%s published", f)
				}
			}
			if strings.Contains(strings.Join(mapValues(got), ""), "private") {
				t.Error("a file out of the source was published")
			}
		})
	}
}

func mapValues(m map[string]string) []string {
	var vs []string
	for _, v := range m {
		vs = append(vs, v)
	}
	return vs
}

// TestDocusaurusHeadingIDs: "By default, Docusaurus will generate heading
// IDs for you, based on the heading text"
// (https://docusaurus.io/docs/markdown-features/toc#heading-ids), with
// github-slugger (layout/docusaurus.Slug): letters of any script kept,
// punctuation dropped, each space a hyphen, a second "x" "x-1". Before,
// goldmark's ids dropped every letter outside ASCII (## Über uns was
// #ber-uns); a code span's backticks add nothing (## `.bot`指令 is
// #bot指令, as in VitePress, eval7B LB4).
func TestDocusaurusHeadingIDs(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', {docs: {}, blog: false}]]};\n",
		"docs/intro.md":        "---\nslug: /\n---\n# Intro\n\n## Über uns\n\n## `.bot`指令\n\n## Hello World\n\n## Hello World\n\n[a](#über-uns) [b](#bot指令) [c](#hello-world-1)\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err) // strict: each link must find its heading
	}
	got := readTree(t, out)
	for _, id := range []string{"über-uns", "bot指令", "hello-world", "hello-world-1"} {
		if !strings.Contains(got["docs/index.html"], `id="`+id+`"`) {
			t.Errorf("docs/index.html: no id=%q", id)
		}
	}
}

// TestDocusaurusStaticAsIs: "Every file you put into that directory will
// be copied into the root of the generated build folder with the
// directory hierarchy preserved" (https://docusaurus.io/docs/static-assets):
// a script or stylesheet of static/ keeps its name and bytes (a
// clientModules' or scripts' path names it), not a hashed, minified copy.
func TestDocusaurusStaticAsIs(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'G', url: 'https://x.test', baseUrl: '/', scripts: ['/js/a.js'], presets: [['classic', {docs: {}, blog: false}]]};\n",
		"docs/intro.md":        "# Intro\n",
		"static/js/a.js":       "// the site's script\nconsole.log( 1 );\n",
		"static/css/extra.css": "/* kept */\nbody  { color: red; }\n",
		"static/img/x.png":     "png",
	}
	sitetest.WriteFiles(t, dir, files)
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, out)
	for _, rel := range []string{"js/a.js", "css/extra.css", "img/x.png"} {
		if got, ok := tree[rel]; !ok || got != files["static/"+rel] {
			t.Errorf("static/%s: published as %q (ok %v), want its bytes at /%s", rel, got, ok, rel)
		}
	}
}
