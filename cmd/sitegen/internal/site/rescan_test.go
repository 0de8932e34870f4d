package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestRescanIsScan: a file that comes or goes under serve is added to (or
// taken from) the last walk of the content (content.Site.Rescan) instead
// of the whole content being walked again, and what that gives is what a
// walk gives, field for field; where it cannot know (a new folder, a
// hidden or skipped name, a link), it says so and the content is walked.
func TestRescanIsScan(t *testing.T) {
	sites := map[string]map[string]string{
		"vault": {
			".obsidian/app.json": "{}\n",
			"Home.md":            "# Home\n\nSee [[Combat]].\n",
			"Rules/Combat.md":    "# Combat\n",
			"Rules/Magic.md":     "# Magic\n",
			"Rules/map.png":      "png",
			"Lore/Gods.md":       "# Gods\n",
		},
		"hugo": {
			"hugo.toml":               "baseURL = 'https://x.test/'\ntitle = 'Rules'\n",
			"content/_index.md":       "---\ntitle: Home\n---\n",
			"content/rules/combat.md": "---\ntitle: Combat\n---\n\nFight.\n",
			"content/rules/magic.md":  "---\ntitle: Magic\n---\n\nCast.\n",
			"content/rules/map.png":   "png",
		},
		"jekyll": {
			"_config.yml":     "title: Rules\n",
			"index.md":        "---\ntitle: Home\n---\n\nHome.\n",
			"rules/combat.md": "---\ntitle: Combat\n---\n\nFight.\n",
			"rules/magic.md":  "---\ntitle: Magic\n---\n\nCast.\n",
			"assets/map.png":  "png",
		},
	}
	for _, tc := range []struct {
		site   string
		write  map[string]string // "" removes the file
		rescan bool              // Rescan knows, without a walk
	}{
		{"vault", map[string]string{"Rules/Stealth.md": "# Stealth\n"}, true},
		{"vault", map[string]string{"Rules/Magic.md": ""}, true},
		{"vault", map[string]string{"Rules/Rules.md": "# Rules\n"}, true}, // the folder's note now
		{"vault", map[string]string{"Rules/sketch.png": "png"}, true},
		{"vault", map[string]string{"Rules/map.png": ""}, true},
		{"vault", map[string]string{"Lore/Gods.md": "", "Lore/Titans.md": "# Titans\n"}, true}, // a rename
		{"vault", map[string]string{"Spells/Fireball.md": "# Fireball\n"}, false},              // a new folder
		{"vault", map[string]string{"Rules/.draft.md": "# Draft\n"}, false},                    // hidden
		{"hugo", map[string]string{"content/rules/stealth.md": "---\ntitle: Stealth\n---\n"}, true},
		{"hugo", map[string]string{"content/rules/_index.md": "---\ntitle: Rules\n---\n"}, true},
		{"hugo", map[string]string{"content/rules/magic.md": ""}, true},
		{"hugo", map[string]string{"content/rules/extra.html": "---\ntitle: Extra\n---\n<p>x</p>\n"}, false}, // its front matter decides
		{"hugo", map[string]string{"static/x.png": "png"}, true},                                             // out of the content
		// Jekyll's rule for a page is the layout's PageFile, asked of the
		// whole walk's Markdown files at once: walked again.
		{"jekyll", map[string]string{"rules/stealth.md": "---\ntitle: Stealth\n---\n"}, false},
	} {
		t.Run(tc.site, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, sites[tc.site])
			opts := content.Options{Source: src, Dest: filepath.Join(t.TempDir(), "out"), CacheDir: "-", BrokenLinks: "warn", Incremental: true, Theme: theme}
			s, _, err := BuildSite(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			var changed []string
			for f, body := range tc.write {
				changed = append(changed, f)
				file := filepath.Join(src, filepath.FromSlash(f))
				if body == "" {
					err = os.Remove(file)
				} else {
					sitetest.WriteFiles(t, src, map[string]string{f: body})
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			got, ok := s.Rescan(s.Graph.Scan, s.Graph.ScanProbs, changed)
			if ok != tc.rescan {
				t.Fatalf("Rescan of %v: ok = %v, want %v", changed, ok, tc.rescan)
			}
			if !ok {
				return
			}
			want, err := s.Scan()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Rescan of %v =\n%+v\nScan =\n%+v", changed, got, want)
			}
		})
	}
}

// BenchmarkRescan compares, on a generated vault of 1,000 notes in 50
// folders, a new walk of the content (Scan) with what an Update does now
// for a note created then deleted (Rescan of the last walk).
//
//	go test -run '^$' -bench Rescan ./cmd/sitegen/internal/site
func BenchmarkRescan(b *testing.B) {
	files := map[string]string{".obsidian/app.json": "{}\n"}
	for i := range 1000 {
		files[fmt.Sprintf("Folder %d/Note %d.md", i/20, i)] = fmt.Sprintf("# Note %d\n\nSee [[Note %d]].\n", i, (i+1)%1000)
	}
	src := b.TempDir()
	sitetest.WriteFiles(b, src, files)
	opts := content.Options{Source: src, Dest: filepath.Join(b.TempDir(), "out"), CacheDir: "-", BrokenLinks: "warn", Incremental: true, Theme: theme}
	s, _, err := BuildSite(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	const note = "Folder 7/New.md"
	b.Run("Scan", func(b *testing.B) {
		for range b.N {
			if _, err := s.Scan(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Rescan", func(b *testing.B) {
		for i := range b.N {
			if i%2 == 0 {
				sitetest.WriteFiles(b, src, map[string]string{note: "# New\n"})
			} else if err := os.Remove(filepath.Join(src, filepath.FromSlash(note))); err != nil {
				b.Fatal(err)
			}
			if _, ok := s.Rescan(s.Graph.Scan, s.Graph.ScanProbs, []string{note}); !ok {
				b.Fatal("Rescan walks")
			}
		}
	})
}
