package servecmd

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
)

// TestServeTitleNavLater: a new title reaches the browsers in two reload
// events: the first once the page and the pages whose text or frame
// show the title are written, the second (only: the pages it names)
// once the pages whose navigation alone shows it are (site.NavLater),
// so that a browser on one of those fetches it again and one on the
// edited page does not (issue 35). Every page named is served with the
// new title by then.
func TestServeTitleNavLater(t *testing.T) {
	src := testSite(t)
	// a/four: its navigation lists a/one (its section's pages), nothing
	// else of it shows a/one's title (its previous page is a/two).
	writeFile(t, src, "content/a/four.md", page("Fourth Page", 4, "Original four."))
	h := newHarnessOpts(t, src, serveOptions(buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), BaseURL: "http://127.0.0.1:1313/"}))
	h.write("content/a/one.md", page("First Page Renamed", 1, "Original one."))
	var reloads []map[string]any
	for _, ev := range h.step("content/a/one.md") {
		if ev.name != evReload {
			continue
		}
		var d map[string]any
		if err := json.Unmarshal(ev.data, &d); err != nil {
			t.Fatal(err)
		}
		reloads = append(reloads, d)
	}
	if len(reloads) != 2 {
		t.Fatalf("%d reload events %v, want 2: the save's, then the pages whose navigation alone changed", len(reloads), reloads)
	}
	if _, ok := reloads[0]["only"]; ok {
		t.Errorf("the first reload names pages %v: every browser fetches its page", reloads[0]["only"])
	}
	only, _ := reloads[1]["only"].([]any)
	var urls []string
	for _, u := range only {
		urls = append(urls, u.(string))
	}
	if len(urls) == 0 || slices.Contains(urls, "/a/one/") {
		t.Fatalf("the second reload names %q: want the pages whose navigation alone shows the new title, not the edited page", urls)
	}
	for _, u := range urls {
		if code, body := h.get(u); code != 200 || !strings.Contains(body, "First Page Renamed") {
			t.Errorf("GET %s = %d without the new title in its navigation", u, code)
		}
	}
	t.Logf("second reload: %q", urls)
}
