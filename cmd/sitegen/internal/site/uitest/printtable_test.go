package uitest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestPrintRandomTable: in print the text runs in two columns (site.css);
// a short random table stays under its bar (its average) and under the
// callout that rolls on it, as on screen, not beside them in the next
// column (eval7A LA11, Ironsworn's Challenge Rank: the column break fell
// between the average and the table). "break-after: avoid — Avoid any
// break (page, column or region) after the principal box"
// (https://developer.mozilla.org/en-US/docs/Web/CSS/break-after,
// https://www.w3.org/TR/css-break-3/#break-between).
func TestPrintRandomTable(t *testing.T) {
	root, err := browser.FindRepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(root, "static"))); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"site.toml":         "title = \"Oracles\"\nbaseURL = \"https://rules.test/\"\n",
		"content/_index.md": "# Oracles\n",
		"content/danger.md": "# Danger\n\n> [!danger] Danger\n> Roll 1d100: `dice: [[danger#^table]]`\n\n" +
			"| dice: 1d% | Result |\n|---|---|\n| 1-20 | Calm |\n| 21-55 | Uneasy |\n| 56-80 | Grim |\n| 81-93 | Dire |\n| 94-00 | Deadly |\n^table\n",
	}
	for name, body := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-"}); err != nil {
		t.Fatal(err)
	}
	base := browser.Serve(t, dest)
	ctx := newTab(t, desktopW, desktopH)
	open(t, ctx, base, "/danger/")
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	type box struct{ Left, Top, Bottom float64 }
	g := eval[map[string]box](t, ctx, `(() => { const b = (s) => { const r = document.querySelector(s).getBoundingClientRect();
		return {Left: Math.round(r.left), Top: Math.round(r.top), Bottom: Math.round(r.bottom)} };
		return {callout: b(".callout"), bar: b(".rt-bar"), table: b(".rtable table")} })()`)
	callout, bar, table := g["callout"], g["bar"], g["table"]
	if bar.Left != callout.Left || table.Left != callout.Left {
		t.Errorf("in print, the random table is beside its callout: callout left %v, average left %v, table left %v", callout.Left, bar.Left, table.Left)
	}
	if bar.Top < callout.Bottom || table.Top < bar.Bottom {
		t.Errorf("in print, the random table is not under its callout: callout %+v, average %+v, table %+v", callout, bar, table)
	}
	browser.ScreenshotElement(t, ctx, ".content", "print-random-table")
}
