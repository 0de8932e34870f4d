package site

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
	"d6codex/templates"
)

// TestUpdateFramesOfSave: an Update computes the frames of the pages a
// save can change, not every page's (issue 35: a save's work in
// proportion to the save); the output is still a build's (updateRun
// compares it file by file). A frame is computed for a page whose frame
// differs (found here by computing every page's frame again and
// comparing it with the one kept), for a page written (its body or its
// navigation changed), for a page whose body was rendered again (it may
// be written) and for a home page with a hero (always: its
// links' warnings), no other: a save of a page's text computes its own;
// a new title those of the pages that show it (previous, next, the
// pages it links to, which list it as linking to them), not the
// parent's in a vault, whose list of children shows the note's file
// name, which a title does not change.
func TestUpdateFramesOfSave(t *testing.T) {
	for _, kind := range []string{"vault", "jekyll"} {
		t.Run(kind, func(t *testing.T) {
			g := newGenSite(3, 40, kind == "jekyll")
			src := t.TempDir()
			sitetest.WriteFiles(t, src, g.files())
			r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
			n := g.notes[len(g.notes)/2]
			save := func(what string) {
				t.Helper()
				kept, bodies := maps.Clone(r.s.Graph.Frames), maps.Clone(r.s.Graph.Bodies)
				u := r.update(t, map[string]string{n.path: n.text(g.jekyll)})
				want := framesToCompute(r.s, kept, bodies, u)
				// Exactly: a page's "Linked from" list is compared with the
				// one before it in order; it was built in the order of a
				// map's keys (Body.Calls) and one more frame was computed
				// in about half the runs (session 15) until LinkGraph
				// sorted it.
				if u.Frames != want {
					t.Errorf("%s of %s computed %d frames (%d pages written, %d rendered), want %d: the pages whose frame or output changed", what, n.path, u.Frames, len(u.Pages), u.Rendered, want)
				}
				t.Logf("%s: %d pages, %d frames computed, %d pages written, %d rendered", what, len(r.s.Pages), u.Frames, len(u.Pages), u.Rendered)
			}
			for i := range 3 {
				n.paras[0] += fmt.Sprintf(" Edited zq%d.", i)
				save("a save of the text")
			}
			n.title = "Retitled " + strings.TrimSuffix(n.name(), ".md")
			save("a new title")
		})
	}
}

// framesToCompute is the number of frames an Update u of s must compute:
// those of the pages whose frame differs from the one kept before it
// (kept, by site path), those of the pages it wrote or rendered (whose
// body is not the one kept before it, bodies by content-relative path),
// and those of the home pages with a hero.
func framesToCompute(s *Site, kept map[string]*templates.Page, bodies map[string]*content.Body, u Update) int {
	written := map[string]bool{}
	for _, url := range u.Pages {
		written[url] = true
	}
	pages := slices.Clone(s.Pages)
	if s.NotFound != nil {
		pages = append(pages, s.NotFound)
	}
	n := 0
	for _, p := range pages {
		if p.Failed {
			continue
		}
		f := kept[p.SitePath]
		if f == nil || !content.SameFrame(f, s.frame(p, s.View)) || written[s.Cfg.RelURL(p.SitePath)] || p.Home != nil ||
			p.File != "" && s.Graph.Bodies[p.Rel] != bodies[p.Rel] {
			n++
		}
	}
	return n
}
