package site

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestUpdateFramesOfSave: an Update computes the frames of the pages a
// save can change, not every page's (issue 35: a save's work in
// proportion to the save); the output is still a build's (updateRun
// compares it file by file). A frame is computed for a page whose frame
// can differ (a new title: the pages that show it, previous, next,
// parent, children, the pages it links to) and for a page written (its
// body rendered again, its navigation changed), no other: a save of a
// page's text computes a few frames (its own, a Jekyll page that lists
// every page, those that show its description or link to it), not one
// a page.
func TestUpdateFramesOfSave(t *testing.T) {
	for _, kind := range []string{"vault", "jekyll"} {
		t.Run(kind, func(t *testing.T) {
			g := newGenSite(3, 40, kind == "jekyll")
			src := t.TempDir()
			sitetest.WriteFiles(t, src, g.files())
			r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
			pages := len(r.s.Pages)
			n := g.notes[len(g.notes)/2]
			for i := range 3 {
				n.paras[0] += fmt.Sprintf(" Edited zq%d.", i)
				u := r.update(t, map[string]string{n.path: n.text(g.jekyll)})
				if u.Frames < u.Rendered || u.Frames > pages/8 {
					t.Errorf("a save of %s's text computed %d frames of %d pages (%d rendered), want those that can change", n.path, u.Frames, pages, u.Rendered)
				}
			}
			n.title = "Retitled " + strings.TrimSuffix(n.name(), ".md")
			u := r.update(t, map[string]string{n.path: n.text(g.jekyll)})
			// Besides the pages written: the home page, whose frame is
			// always computed (its hero's links), and the parent, whose
			// list of children shows the note's label, which a vault's
			// file-name labels keep while its title changes ("touched" is
			// one flag for title and label).
			if u.Frames == 0 || u.Frames > len(u.Pages)+u.Rendered+2 {
				t.Errorf("a new title of %s computed %d frames of %d pages, %d written: want those that show it", n.path, u.Frames, pages, len(u.Pages))
			}
			t.Logf("%d pages; a new title: %d frames computed, %d pages written", pages, u.Frames, len(u.Pages))
		})
	}
}
