package site

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// siteNav is the site's navigation in a published page.
var siteNav = regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`)

// TestUpdateNavLater: a site that writes the pages whose navigation alone
// changed after the push (Site.NavLater, serve's) writes, in its Update,
// exactly the files whose content outside the site's navigation changed
// (a new title: the page's own, the pages whose previous and next or
// "Linked from" name it, its section's list), and leaves to WriteLater
// exactly the others whose navigation shows the new title (issue 35: a
// title save re-renders the navigation of every page showing it, on
// the Jekyll site of 450 pages 32 pages before the push). After
// WriteLater the output is a build's, byte for byte (updateRun).
func TestUpdateNavLater(t *testing.T) {
	for _, kind := range []string{"vault", "jekyll"} {
		t.Run(kind, func(t *testing.T) {
			g := newGenSite(3, 40, kind == "jekyll")
			src := t.TempDir()
			sitetest.WriteFiles(t, src, g.files())
			r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
			r.s.NavLater(true)
			n := g.notes[len(g.notes)/2]
			n.title = "Retitled " + strings.TrimSuffix(n.name(), ".md")
			before := modelTree(t, r.opts.Dest, false)
			files := edit(t, r.opts.Source, map[string]string{n.path: n.text(g.jekyll)})
			u, err := r.s.Update(context.Background(), files)
			if err != nil || u.Full || len(u.Errors) > 0 {
				t.Fatalf("Update = %+v, %v", u, err)
			}
			now := slices.Sorted(slices.Values(u.Outputs))
			later, err := r.s.WriteLater(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			after := modelTree(t, r.opts.Dest, false)
			var wantNow, wantLater []string
			for name, text := range after {
				old, ok := before[name]
				switch {
				case ok && old == text:
				case !ok || name == content.NotFoundHTML || siteNav.ReplaceAllString(old, "") != siteNav.ReplaceAllString(text, ""):
					// (the 404 page of a site without one is no page of
					// the model: the Update writes it)
					wantNow = append(wantNow, name)
				default:
					wantLater = append(wantLater, name)
				}
			}
			slices.Sort(wantNow)
			slices.Sort(wantLater)
			if !slices.Equal(now, wantNow) {
				t.Errorf("Update wrote %q\nwant the files whose text outside the navigation changed, %q", now, wantNow)
			}
			if !slices.Equal(later, wantLater) || u.Later != len(wantLater) {
				t.Errorf("WriteLater wrote %q (Update.Later %d)\nwant the files whose navigation alone changed, %q", later, u.Later, wantLater)
			}
			t.Logf("%d pages: %d files written before the push, %d after", len(r.s.Pages), len(now), len(later))
			// Then the output is a build's; a save of the text leaves
			// nothing for later.
			n.paras[0] += " Edited zq."
			r.later = true
			if u := r.update(t, map[string]string{n.path: n.text(g.jekyll)}); u.Later != 0 {
				t.Errorf("a save of the text left %d pages for WriteLater", u.Later)
			}
		})
	}
}
