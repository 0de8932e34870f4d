package vitepress

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestPager: https://vitepress.dev/reference/default-theme-prev-next-links:
// front matter "prev: string | false | { text?: string; link?: string }"
// (next likewise); https://vitepress.dev/reference/default-theme-config#docfooter:
// "prev?: string | false", false hiding it where the page's front matter
// does not give one (usePrevNext: "theme.docFooter?.prev === false &&
// !frontmatter.prev || frontmatter.prev === false").
func TestPager(t *testing.T) {
	for _, tt := range []struct {
		name, theme string
		meta        map[string]any
		want        string
	}{
		{"none", "", nil, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label: Link: LabelHTML: SitePath:false}"},
		{"false", "", map[string]any{"prev": false}, "{Hide:true Label: Link: LabelHTML: SitePath:false} {Hide:false Label: Link: LabelHTML: SitePath:false}"},
		{"text", "", map[string]any{"next": "Onward"}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label:Onward Link: LabelHTML: SitePath:false}"},
		{"text and link", "", map[string]any{"next": map[string]any{"text": "Jump", "link": "/guide/a"}}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label:Jump Link:/guide/a.html LabelHTML: SitePath:true}"},
		{"link out", "", map[string]any{"next": map[string]any{"link": "https://example.org/x"}}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label: Link:https://example.org/x LabelHTML: SitePath:false}"},
		// A link not from the root is VitePress's normalizeLink's
		// (VPLink, theme-default/support/utils.js): "./c.md" and
		// "../guide/a" stay relative to the page ("$1" the leading dots,
		// then the path's ".md" made ".html"), "guide/a" and "b" are read
		// from the root (new URL(url, 'http://a.com').pathname); measured
		// with VitePress 1.6.4: "./c.html", "../guide/a.html", "/b.html".
		{"relative dot", "", map[string]any{"prev": map[string]any{"text": "Rel", "link": "./c.md"}}, "{Hide:false Label:Rel Link:./c.html LabelHTML: SitePath:false} {Hide:false Label: Link: LabelHTML: SitePath:false}"},
		{"relative up", "", map[string]any{"next": map[string]any{"text": "Up", "link": "../guide/a#x"}}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label:Up Link:../guide/a.html#x LabelHTML: SitePath:false}"},
		{"bare, a page", "", map[string]any{"next": map[string]any{"text": "A", "link": "guide/a"}}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label:A Link:/guide/a.html LabelHTML: SitePath:true}"},
		{"bare, no page", "", map[string]any{"next": map[string]any{"text": "B", "link": "b"}}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label:B Link:/b.html LabelHTML: SitePath:true}"},
		{"relative folder", "", map[string]any{"next": map[string]any{"text": "F", "link": "./sub/"}}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label:F Link:./sub/ LabelHTML: SitePath:false}"},
		{"relative file", "", map[string]any{"next": map[string]any{"text": "P", "link": "./x.pdf"}}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label:P Link:./x.pdf LabelHTML: SitePath:false}"},
		// VPDocFooter writes the label with v-html ("<span
		// class="title" v-html="control.prev.text">", 1.6.4): measured,
		// prev: 'Custom <b>prev</b>' shows "Custom" and a bold "prev";
		// sitegen keeps the inline markup its raw-HTML policy keeps.
		{"text with markup", "", map[string]any{"prev": "Custom <b>prev</b>"}, "{Hide:false Label:Custom prev Link: LabelHTML:Custom <b>prev</b> SitePath:false} {Hide:false Label: Link: LabelHTML: SitePath:false}"},
		{"object text with markup", "", map[string]any{"next": map[string]any{"text": "Go to <i>A</i> <a href=\"/x\">x</a>", "link": "/guide/a"}}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label:Go to A x Link:/guide/a.html LabelHTML:Go to <i>A</i> x SitePath:true}"},
		// VPContent shows VPDoc, whose VPDocFooter holds the pager, for
		// "layout: doc" (the default) alone: "home" and "page" show
		// none (https://vitepress.dev/reference/frontmatter-config#layout);
		// measured with VitePress 1.6.4 on a listed home page.
		{"layout home", "", map[string]any{"layout": "home", "next": "Onward"}, "{Hide:true Label: Link: LabelHTML: SitePath:false} {Hide:true Label: Link: LabelHTML: SitePath:false}"},
		{"layout page", "", map[string]any{"layout": "page"}, "{Hide:true Label: Link: LabelHTML: SitePath:false} {Hide:true Label: Link: LabelHTML: SitePath:false}"},
		{"layout doc", "", map[string]any{"layout": "doc"}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label: Link: LabelHTML: SitePath:false}"},
		{"docFooter false", "themeConfig: { docFooter: { prev: false } }", nil, "{Hide:true Label: Link: LabelHTML: SitePath:false} {Hide:false Label: Link: LabelHTML: SitePath:false}"},
		{"docFooter false, front matter text", "themeConfig: { docFooter: { prev: false } }", map[string]any{"prev": "Back"}, "{Hide:false Label:Back Link: LabelHTML: SitePath:false} {Hide:false Label: Link: LabelHTML: SitePath:false}"},
		{"docFooter false, front matter true", "themeConfig: { docFooter: { prev: false } }", map[string]any{"prev": true}, "{Hide:false Label: Link: LabelHTML: SitePath:false} {Hide:false Label: Link: LabelHTML: SitePath:false}"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{".vitepress/config.mts": "export default { " + tt.theme + " }", "index.md": "", "guide/a.md": ""}))
			if err != nil {
				t.Fatal(err)
			}
			prev, next := l.Pager(tt.meta)
			if got := fmt.Sprintf("%+v %+v", prev, next); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestPagerWords: https://vitepress.dev/reference/default-theme-config#docfooter:
// "Can be used to customize text appearing above previous and next
// links. Helpful if not writing docs in English", "docFooter: { prev:
// 'Pagina prior', next: 'Proxima pagina' }"; without it VitePress writes
// "Previous page" and "Next page" (VPDocFooter: "theme.docFooter?.prev ||
// 'Previous page'"). Each locale's themeConfig is "shallow merged" over
// the top level's (https://vitepress.dev/guide/i18n), so a locale's
// docFooter replaces the top level's whole.
func TestPagerWords(t *testing.T) {
	for _, tt := range []struct {
		name, config, want string
	}{
		{"default", `export default {}`, `root "Previous page" "Next page"`},
		{"docFooter texts", `export default { themeConfig: { docFooter: { prev: 'Page précédente', next: 'Page suivante' } } }`, `root "Page précédente" "Page suivante"`},
		{"prev false, next text", `export default { themeConfig: { docFooter: { prev: false, next: 'Onward' } } }`, `root "Previous page" "Onward"`},
		// "v-html="theme.docFooter?.prev || 'Previous page'"" (VPDocFooter.vue): HTML, its text shown.
		{"HTML texts", `export default { themeConfig: { docFooter: { prev: '<i>Earlier</i>', next: 'Later &rarr;' } } }`, `root "Earlier" "Later →"`},
		{"per locale", `export default { themeConfig: { docFooter: { prev: 'Earlier', next: 'Later' } },
  locales: { root: { label: 'English' }, fr: { label: 'Français', themeConfig: { docFooter: { prev: 'Page précédente' } } }, de: { label: 'Deutsch' } } }`,
			`root "Earlier" "Later"` + "\n" + `fr "Page précédente" "Next page"` + "\n" + `de "Earlier" "Later"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{".vitepress/config.mts": tt.config, "index.md": "", "fr/index.md": "", "de/index.md": ""}))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, loc := range l.Locales {
				c := loc.Layout
				if c == nil {
					c = l
				}
				got = append(got, fmt.Sprintf("%s %q %q", loc.Name, c.PrevText, c.NextText))
			}
			if len(got) == 0 {
				got = append(got, fmt.Sprintf("root %q %q", l.PrevText, l.NextText))
			}
			if g := strings.Join(got, "\n"); g != tt.want {
				t.Errorf("got\n%s\nwant\n%s", g, tt.want)
			}
		})
	}
}
