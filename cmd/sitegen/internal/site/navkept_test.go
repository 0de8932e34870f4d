package site

import (
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
)

// TestUpdateKeepsEqualNav: an Update whose navigation is the same as the
// previous one, entry for entry (content.NavEqual), keeps that tree
// (serve's memory after many saves: frames kept from different updates
// then share one tree, not one each); a title save makes a new one.
func TestUpdateKeepsEqualNav(t *testing.T) {
	tests := []struct {
		name string
		edit map[string]string
		kept bool // the view's navigation is the previous tree itself
	}{
		{"body edit", map[string]string{"content/a/three.md": "---\ntitle: Three\nweight: 3\n---\n\nThird, edited.\n"}, true},
		{"title change", map[string]string{"content/a/three.md": "---\ntitle: Drei\nweight: 3\n---\n"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, incrementalSite())
			r := startUpdates(t, content.Options{Source: src, Handlers: map[string]markup.BlockHandler{"fake": fakeHandler()}}, true)
			was := r.s.View.Nav
			if len(was) == 0 {
				t.Fatal("no navigation after the first build")
			}
			r.update(t, tt.edit)
			now := r.s.View.Nav
			if kept := len(now) > 0 && &now[0] == &was[0]; kept != tt.kept {
				t.Errorf("navigation tree kept = %v, want %v", kept, tt.kept)
			}
			if !tt.kept && content.NavEqual(was, now) {
				t.Error("the title change left the navigation equal")
			}
		})
	}
}
