package uitest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
)

// TestCanvasBoardScale opens an Obsidian canvas 1,580 px wide (six rooms
// in a row, each with a heading): at 1280 px the board is drawn at 70% of
// its size at least (its 16-px text not below 11 px; it was 43%, 7 px, in
// the text column) and scrolls sideways inside its own box, not the page;
// at 1920 px it takes the table of contents' column and the page's width,
// nearly full size; at 390 px the page is no wider than the screen.
func TestCanvasBoardScale(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	var nodes []map[string]any
	for i := range 6 {
		nodes = append(nodes, map[string]any{"id": fmt.Sprint("n", i), "type": "text", "x": i * 270, "y": 0, "width": 240, "height": 200,
			"text": fmt.Sprintf("## Room %d\n\nA damp cave with **%d goblins** and a chest.", i, i+1)})
	}
	board, err := json.Marshal(map[string]any{"nodes": nodes, "edges": []any{}})
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{".obsidian/app.json": "{}\n", "Dungeon.canvas": string(board), "Home.md": "# Home\n\nSee [[Dungeon.canvas]].\n"} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Theme: os.DirFS(filepath.Join(root, "static"))}); err != nil {
		t.Fatal(err)
	}
	base := browser.Serve(t, dest)
	for _, size := range []struct {
		name     string
		w, h     int
		minScale float64 // of the board's drawn width to its own
		toc      bool    // the table of contents shown
	}{{"1280", desktopW, desktopH, 0.7, false}, {"1920", 1920, 1000, 0.95, false}, {"390", phoneW, phoneH, 0.3, true}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			open(t, ctx, base, "/dungeon/")
			type geo struct {
				Board, Own, Box, ViewW, ScrollW float64
				TOC                             bool
			}
			g := eval[geo](t, ctx, `(() => { const b = document.querySelector(".cv-board"), toc = document.querySelector("article > .toc");
				return {Board: b.getBoundingClientRect().width, Own: parseFloat(getComputedStyle(b).getPropertyValue("--w")),
					Box: b.parentElement.getBoundingClientRect().width, ViewW: innerWidth, ScrollW: document.documentElement.scrollWidth,
					TOC: !!toc && toc.getBoundingClientRect().height > 0};
			})()`)
			t.Logf("%+v", g)
			if g.Own < 1500 {
				t.Fatalf("the board's own width is %v, want the canvas's own (1,590 px and a margin)", g.Own)
			}
			if scale := g.Board / g.Own; scale < size.minScale-0.005 {
				t.Errorf("the board is drawn at %.0f%% of its size, want at least %.0f%%", scale*100, size.minScale*100)
			}
			if g.ScrollW > g.ViewW {
				t.Errorf("the page is %v px wide in a %v px window: the board should scroll in its own box", g.ScrollW, g.ViewW)
			}
			if g.TOC != size.toc {
				t.Errorf("table of contents shown: %v, want %v", g.TOC, size.toc)
			}
		})
	}
}
