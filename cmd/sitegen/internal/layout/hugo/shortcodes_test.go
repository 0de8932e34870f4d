package hugo

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestPageLinkShortcodes: "To create a shortcode, place an HTML template
// in the layouts/shortcodes directory" (the project's) or the theme's
// layouts/shortcodes, the project's first
// (https://gohugo.io/templates/shortcode/ and
// https://gohugo.io/templates/lookup-order/). A template that looks up the
// page its argument names and links to it is rendered as that link.
func TestPageLinkShortcodes(t *testing.T) {
	// ethanharstad/unnamed-rpg's themes/mytheme/layouts/shortcodes/link.html.
	const getPage = "{{ if .IsNamedParams }}\n    {{- with .Page.GetPage (.Get \"path\") -}}\n        <a href=\"{{ .RelPermalink }}\">{{- default .Title ($.Get \"text\") -}}</a>\n    {{- end -}}\n{{ else }}\n    {{- with .Page.GetPage (.Get 0) -}}\n        <a href=\"{{ .RelPermalink }}\">{{- .Title -}}</a>\n    {{- end -}}\n{{ end }}"
	dir := layouttest.Write(t, map[string]string{
		"hugo.toml":         "title = \"T\"\ntheme = \"mytheme\"\n",
		"content/_index.md": "",
		"themes/mytheme/layouts/shortcodes/link.html":  getPage,
		"themes/mytheme/layouts/shortcodes/alert.html": "<div class=\"alert alert-{{ .Get 0 }}\">{{ .Inner }}</div>",
		"layouts/shortcodes/see.html":                  "<a href=\"{{ relref . (.Get 0) }}\">see</a>",
		// The project's template of a name hides the theme's.
		"layouts/shortcodes/xref.html":                "<span>{{ .Get 0 }}</span>",
		"themes/mytheme/layouts/shortcodes/xref.html": "<a href=\"{{ ref . (.Get 0) }}\">x</a>",
		"themes/other/layouts/shortcodes/go.html":     getPage, // not the site's theme
	})
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatalf("Recognise: %v, %v", l, err)
	}
	if got, want := l.Markup.PageLinkShortcodes, []string{"link", "see"}; !slices.Equal(got, want) {
		t.Errorf("page-link shortcodes %q, want %q", got, want)
	}
	// A template through a link out of the source folder is not read.
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "leak.html"), []byte(getPage), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(out, "leak.html"), filepath.Join(dir, "layouts/shortcodes/leak.html")); err != nil {
		t.Fatal(err)
	}
	// A theme name that is a path is no theme folder.
	if got := PageLinkShortcodes(dir, []string{"../mytheme", "mytheme"}); !slices.Equal(got, []string{"link", "see"}) {
		t.Errorf("with a linked template and a path as theme: %q", got)
	}
}

// TestAnchorExpr is issue 32, KB6 (bestia-docs: 81 links to ids its own
// shortcodes write). "Get: Returns the value of the given argument"
// (https://gohugo.io/methods/shortcode/get/); a template's id attribute
// made from the arguments is read as its expression, so the anchor is on
// the page.
func TestAnchorExpr(t *testing.T) {
	tests := []struct{ name, tmpl, want string }{
		// bestia-docs' layouts/shortcodes/item.html (first lines).
		{"variable", "<!-- item.html -->\n{{ $id := replace (lower (.Get \"name\")) \" \" \"-\" }}\n<div class=\"col\" id=\"{{ $id }}\">\n  {{ .Inner }}\n</div>",
			`print "" (replace (lower (.Get "name")) " " "-") ""`},
		// bestia-docs' skill.html.
		{"printf", "{{ $id := printf \"skill-%s\" (replace (lower (.Get \"name\")) \" \" \"-\") }}\n<div class=\"col mb-3\" id=\"{{ $id }}\">",
			`print "" (printf "skill-%s" (replace (lower (.Get "name")) " " "-")) ""`},
		{"inline with text around", `<h3 id="npc-{{ .Get 0 | lower }}">{{ .Get 0 }}</h3>`, `print "npc-" (.Get 0 | lower) ""`},
		{"static id is none", `<div id="attack-search">`, ""},
		// bestia-docs' chart.html: md5 and substr are not evaluated.
		{"unknown function", "{{- $id := substr (md5 .Inner) 0 16 -}}\n<canvas id=\"{{ $id }}\"></canvas>", ""},
		{"undefined variable", `<div id="{{ $x }}">`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := AnchorExpr(tt.tmpl); got != tt.want {
				t.Errorf("AnchorExpr = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTemplatesNewFolders: Hugo 0.146's template system reads shortcodes
// from layouts/_shortcodes ("Create shortcode templates within the
// layouts/_shortcodes directory, either at its root or organized into
// subdirectories", https://gohugo.io/templates/shortcode/) and partials
// from layouts/_partials; the old folders are still read, the new one's
// template of a name first (tehlastjuan/compendium's
// layouts/_shortcodes/stats.html, a species' stat block).
func TestTemplatesNewFolders(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"hugo.toml":                               "title = \"T\"\ntheme = \"docsy\"\n",
		"layouts/_shortcodes/stats.html":          "new",
		"layouts/_shortcodes/blocks/lead.html":    "lead",
		"layouts/shortcodes/stats.html":           "old",
		"layouts/shortcodes/legacy.html":          "legacy",
		"themes/docsy/layouts/_shortcodes/x.html": "theme",
		"layouts/_partials/p.html":                "partial",
	})
	got := Templates(dir, []string{"docsy"}, "shortcodes")
	want := map[string]string{"stats": "new", "blocks/lead": "lead", "legacy": "legacy", "x": "theme"}
	if len(got) != len(want) {
		t.Errorf("Templates = %q, want %q", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("shortcode %q = %q, want %q", k, got[k], v)
		}
	}
	if p := Templates(dir, nil, "partials"); p["p.html"] != "partial" {
		t.Errorf("partials = %q, want p.html from layouts/_partials", p)
	}
}

// TestShortcodesFor checks the choice among a shortcode's templates named
// with a language or an output format: "This applies to both regular
// templates and shortcodes. So, if the site language is French and the
// output format is AMP, this is the (start) of the lookup order for the
// home page: 1. index.fr.amp.html 2. index.amp.html 3. index.fr.html 4.
// index.html" (https://github.com/gohugoio/hugo/pull/3670, the lookup
// order's "Language" and "Output Format" rules), measured with hugo 0.111
// in a site whose language is fr (layouts/shortcodes/a.html and
// a.fr.html: a.fr.html; b.html and b.html.html: b.html.html; c.en.html
// alone: it; d.en.html and d.amp.html: d.en.html).
func TestShortcodesFor(t *testing.T) {
	all := map[string]string{ // Templates' names: the file without .html
		"a": "a.html", "a.fr": "a.fr.html",
		"b": "b.html", "b.html": "b.html.html",
		"c.en": "c.en.html",
		"d.en": "d.en.html", "d.amp": "d.amp.html",
		"x/e": "x/e.html", "x/e.fr": "x/e.fr.html",
	}
	for _, c := range []struct {
		lang string
		want map[string]string
	}{
		{"fr", map[string]string{"a": "a.fr.html", "b": "b.html.html", "c": "c.en.html", "d": "d.en.html", "x/e": "x/e.fr.html"}},
		{"en", map[string]string{"a": "a.html", "b": "b.html.html", "c": "c.en.html", "d": "d.en.html", "x/e": "x/e.html"}},
	} {
		if got := shortcodesFor(all, c.lang); !maps.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.lang, got, c.want)
		}
	}
}
