package browser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHarness serves a page and reads it back through the browser, so a
// broken harness fails here first rather than in every browser test.
func TestHarness(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	page := `<!doctype html><title>t</title><p id=x>hello</p><script>document.getElementById("x").textContent += " from js"</script>`
	if err := os.WriteFile(filepath.Join(dir, "a", "index.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := New(t, 800, 600)
	if err := chromedp.Do(ctx, chromedp.Navigate(Serve(t, dir)+"/a/")); err != nil {
		t.Fatal(err)
	}
	text, err := chromedp.Run(ctx, chromedp.Text("#x"))
	if err != nil {
		t.Fatal(err)
	}
	if text != "hello from js" {
		t.Errorf("page text %q", text)
	}
}
