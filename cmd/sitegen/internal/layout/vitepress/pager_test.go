package vitepress

import (
	"fmt"
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
		{"none", "", nil, "{Hide:false Label: Link:} {Hide:false Label: Link:}"},
		{"false", "", map[string]any{"prev": false}, "{Hide:true Label: Link:} {Hide:false Label: Link:}"},
		{"text", "", map[string]any{"next": "Onward"}, "{Hide:false Label: Link:} {Hide:false Label:Onward Link:}"},
		{"text and link", "", map[string]any{"next": map[string]any{"text": "Jump", "link": "/guide/a"}}, "{Hide:false Label: Link:} {Hide:false Label:Jump Link:/guide/a.html}"},
		{"link out", "", map[string]any{"next": map[string]any{"link": "https://example.org/x"}}, "{Hide:false Label: Link:} {Hide:false Label: Link:https://example.org/x}"},
		{"docFooter false", "themeConfig: { docFooter: { prev: false } }", nil, "{Hide:true Label: Link:} {Hide:false Label: Link:}"},
		{"docFooter false, front matter text", "themeConfig: { docFooter: { prev: false } }", map[string]any{"prev": "Back"}, "{Hide:false Label:Back Link:} {Hide:false Label: Link:}"},
		{"docFooter false, front matter true", "themeConfig: { docFooter: { prev: false } }", map[string]any{"prev": true}, "{Hide:false Label: Link:} {Hide:false Label: Link:}"},
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
