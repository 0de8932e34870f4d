package uitest

import (
	"context"
	"d6codex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestFoldedNavigation: a Docusaurus category without a link is a folded
// heading of the navigation ("Categories are collapsible by default",
// "collapsed by default", https://docusaurus.io/docs/sidebar/items#collapsible-categories):
// its pages are hidden until the reader opens it, with a click or from the
// keyboard (Tab to it, Enter), with or without JavaScript, at desktop and
// phone width; on one of its own pages it is open.
func TestFoldedNavigation(t *testing.T) {
	src := t.TempDir()
	for name, body := range map[string]string{
		"docusaurus.config.js":   "module.exports = {title: 'Fold', url: 'https://rules.test', baseUrl: '/', presets: [['classic', {docs: {}, blog: false}]]};\n",
		"docs/intro.md":          "---\nslug: /\nsidebar_position: 1\n---\n# Intro\n\nText.\n",
		"docs/a/one.md":          "# Spell one\n\nText.\n",
		"docs/a/two.md":          "# Spell two\n\nText.\n",
		"docs/a/_category_.json": `{"label": "Spells", "position": 2}`,
	} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-", Theme: d6codex.Theme()}); err != nil {
		t.Fatal(err)
	}
	const (
		group = `document.querySelector("#site-nav details.nav-group")`
		shown = `[...document.querySelectorAll("#site-nav details.nav-group a")].filter(a => a.checkVisibility() && a.getBoundingClientRect().height > 0).length`
	)
	for _, size := range screens {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, size.w, size.h)
			base := browser.Serve(t, dest)
			open(t, ctx, base, "/docs/")
			if size.name == "phone" {
				if err := chromedp.Do(ctx, chromedp.Click(".nav-button")); err != nil {
					t.Fatal(err)
				}
			}
			if eval[bool](t, ctx, group+".open") || eval[int](t, ctx, shown) != 0 {
				t.Fatalf("the Spells category is open on the intro page (%d links shown)", eval[int](t, ctx, shown))
			}
			// From the keyboard: focus moves to its summary, Enter opens it.
			focused := false
			for range 20 {
				if err := chromedp.Do(ctx, chromedp.KeyEvent("\t")); err != nil {
					t.Fatal(err)
				}
				if eval[bool](t, ctx, `document.activeElement === `+group+`.querySelector("summary")`) {
					focused = true
					break
				}
			}
			if !focused {
				t.Fatal("Tab never reaches the Spells category's summary")
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
				t.Fatal(err)
			}
			if n := eval[int](t, ctx, shown); !eval[bool](t, ctx, group+".open") || n != 2 {
				t.Errorf("after Enter: open=%v, %d links shown, want open and 2", eval[bool](t, ctx, group+".open"), n)
			}
			viewportShot(t, ctx, "navfold-"+size.name+"-opened")
			// On its own page the category is open from the start.
			open(t, ctx, base, "/docs/a/one/")
			if size.name == "phone" {
				if err := chromedp.Do(ctx, chromedp.Click(".nav-button")); err != nil {
					t.Fatal(err)
				}
			}
			if !eval[bool](t, ctx, group+".open") {
				t.Error("the Spells category is closed on its own page")
			}
			viewportShot(t, ctx, "navfold-"+size.name+"-own-page")
		})
	}
	t.Run("no JavaScript", func(t *testing.T) {
		ctx := newTab(t, desktopW, desktopH)
		base := browser.Serve(t, dest)
		if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/docs/")); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Click(`#site-nav details.nav-group summary`)); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](t, ctx, shown); n != 2 {
			t.Errorf("without JavaScript, after a click on the category: %d links shown, want 2", n)
		}
		browser.Screenshot(t, ctx, fmt.Sprintf("navfold-nojs-%d", desktopW))
	})
}
