package servecmd

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/watch"
)

// newServeHarness is newHarness for any layout, with serve's own options
// (Incremental, broken links as warnings) and its terminal output kept.
func newServeHarness(t *testing.T, files map[string]string) (*harness, *syncBuffer, *syncBuffer) {
	t.Helper()
	src := t.TempDir()
	for rel, body := range files {
		writeFile(t, src, rel, body)
	}
	f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), BaseURL: "http://127.0.0.1:1313/"}
	opts := f.Options()
	opts.CacheDir, opts.Incremental, opts.BrokenLinks = "-", true, "warn"
	lay, err := detect.Layout(src)
	if err != nil {
		t.Fatal(err)
	}
	opts.Layout = lay
	out, errOut := &syncBuffer{}, &syncBuffer{}
	srv := &server{opts: opts, out: out, err: errOut, hub: newHub("test"), pending: map[string]kind{}}
	srv.rebuild(context.Background())
	if build, ps := srv.hub.state(); build != 1 || ps != nil {
		t.Fatalf("first build: build %d, problems %v\n%s", build, ps, errOut.String())
	}
	wo := watchOptions(false, lay, src, opts.Dest)
	wo.Debounce = 20 * time.Millisecond
	w, err := watch.New(wo)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	h := &harness{t: t, src: src, srv: srv, w: w, events: srv.hub.subscribe(), http: newHandler(opts.Dest, srv.hub)}
	if ev := <-h.events; ev.name != evHello {
		t.Fatalf("first event %q, want hello", ev.name)
	}
	return h, out, errOut
}

// eventData decodes the data of the last event named name in evs.
func eventData(t *testing.T, evs []event, name string, v any) bool {
	t.Helper()
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].name == name {
			if err := json.Unmarshal(evs[i].data, v); err != nil {
				t.Fatal(err)
			}
			return true
		}
	}
	return false
}

// vaultFiles is a small Obsidian vault.
func vaultFiles() map[string]string {
	return map[string]string{
		".obsidian/app.json":   "{}\n",
		"Rules/Combat.md":      "# Combat\n\n## Escalation die\n\nThe die goes up. ^esc\n",
		"Rules/Magic.md":       "# Magic\n\nSee [[Combat#Escalation die]] and [[Combat#^esc]].\n\nA [[Lemure]] casts it.\n",
		"Rules/Rules.md":       "# Rules\n\nThe rules.\n",
		"Monsters/Lemure.md":   "# Lemure\n\nA devil. ![[map.png]]\n",
		"Monsters/Goblin.md":   "# Goblin\n\nFights like a [[Lemure]].\n",
		"map.png":              "picture one",
		"Templates/Monster.md": "# {{title}}\n\nTemplate.\n",
	}
}

// TestServeVault: under serve a vault's saves go through Update (no full
// build), every kind the issue names: a body, a renamed note that others
// link to (the browser on it follows it; its old URL redirects; the links
// to it are warnings at their file:line), a new note named like another
// (the build's warning, shown), a picture replaced in place (the pages
// fetch it again), a picture at the vault's root, and the settings in
// .obsidian/ (read again: the templates folder is no longer published).
func TestServeVault(t *testing.T) {
	h, out, errOut := newServeHarness(t, vaultFiles())
	updated := func(t *testing.T) {
		t.Helper()
		if !strings.Contains(out.String(), "updated ") || strings.Contains(out.String(), "full build:") {
			t.Errorf("not an Update: %s", out.String())
		}
		out.Reset()
	}
	t.Run("body", func(t *testing.T) {
		h.t = t
		h.write("Rules/Combat.md", "# Combat\n\n## Escalation die\n\nThe die goes up by one. ^esc\n")
		evs := h.step("Rules/Combat.md")
		var d struct{ Page string }
		if !eventData(t, evs, evReload, &d) || d.Page != "/rules/combat/" {
			t.Errorf("events %v, want a reload of /rules/combat/", names(evs))
		}
		updated(t)
		if _, body := h.get("/rules/combat/"); !strings.Contains(body, "up by one") {
			t.Error("the page does not show the save")
		}
	})
	t.Run("rename the open note", func(t *testing.T) {
		h.t = t
		if err := os.Rename(h.path("Rules/Combat.md"), h.path("Rules/Fighting.md")); err != nil {
			t.Fatal(err)
		}
		evs := h.step("Rules/Combat.md", "Rules/Fighting.md")
		var d struct{ Moved map[string]string }
		if !eventData(t, evs, evReload, &d) || d.Moved["/rules/combat/"] != "/rules/fighting/" {
			t.Errorf("reload %s, want /rules/combat/ moved to /rules/fighting/", evs)
		}
		updated(t)
		rec := httptest.NewRecorder()
		h.http.ServeHTTP(rec, httptest.NewRequest("GET", "/rules/combat/", nil))
		if rec.Code != 302 || rec.Header().Get("Location") != "/rules/fighting/" {
			t.Errorf("GET /rules/combat/ = %d %s, want a redirect to /rules/fighting/", rec.Code, rec.Header().Get("Location"))
		}
		var w struct{ Warnings []problem }
		if !eventData(t, evs, evWarnings, &w) {
			t.Fatalf("no warnings event: %v", names(evs))
		}
		var lines []string
		for _, p := range w.Warnings {
			if p.File == "Rules/Magic.md" && p.Line == 3 && strings.Contains(p.Msg, "[[Combat") {
				lines = append(lines, p.Msg)
			}
		}
		if len(lines) != 2 {
			t.Errorf("warnings %+v, want the two links to Combat at Rules/Magic.md:3", w.Warnings)
		}
		if !strings.Contains(errOut.String(), "Rules/Magic.md:3:") {
			t.Errorf("the terminal does not show the broken links: %s", errOut.String())
		}
	})
	t.Run("a new note named like another", func(t *testing.T) {
		h.t = t
		errOut.Reset()
		h.write("Lemure.md", "# Lemure\n\nAnother.\n")
		evs := h.step("Lemure.md")
		updated(t)
		var w struct{ Warnings []problem }
		if !eventData(t, evs, evWarnings, &w) || !slices.ContainsFunc(w.Warnings, func(p problem) bool {
			return p.File == "Rules/Magic.md" && p.Line == 5 && strings.Contains(p.Msg, "2 notes have this name")
		}) {
			t.Errorf("warnings %+v, want Magic's [[Lemure]] (now the new note) named ambiguous; events %s", w.Warnings, evs)
		}
		if _, body := h.get("/rules/magic/"); !strings.Contains(body, `href="/lemure/"`) {
			t.Error("Magic's [[Lemure]] does not lead to the new note")
		}
		if !strings.Contains(errOut.String(), "2 notes have this name") {
			t.Errorf("the terminal does not show it: %s", errOut.String())
		}
	})
	t.Run("a picture replaced in place", func(t *testing.T) {
		h.t = t
		h.write("map.png", "picture two")
		evs := h.step("map.png")
		var d struct{ Files []string }
		if !eventData(t, evs, evReload, &d) || !slices.Contains(d.Files, "/map.png") {
			t.Errorf("reload %s, want /map.png among its files", evs)
		}
		updated(t)
		if _, body := h.get("/map.png"); body != "picture two" {
			t.Errorf("/map.png = %q", body)
		}
	})
	t.Run("a new picture at the vault's root", func(t *testing.T) {
		h.t = t
		h.write("Monsters/Goblin.md", "# Goblin\n\nFights like a [[Lemure]]. ![[goblin.png]]\n")
		h.write("goblin.png", "goblin")
		h.step("Monsters/Goblin.md", "goblin.png")
		updated(t)
		if code, body := h.get("/goblin.png"); code != 200 || body != "goblin" {
			t.Errorf("/goblin.png = %d %q", code, body)
		}
	})
	t.Run("settings in .obsidian", func(t *testing.T) {
		h.t = t
		if code, _ := h.get("/templates/monster/"); code != 200 {
			t.Fatalf("the template is not published before: %d", code)
		}
		h.write(".obsidian/templates.json", `{"folder": "Templates"}`)
		h.step(".obsidian/templates.json")
		if code, _ := h.get("/templates/monster/"); code != 404 {
			t.Errorf("the templates folder is still published: %d", code)
		}
	})
}

// TestServeLayouts: a body edit is an Update in every layout, and the
// settings file's edit a full build that applies it (a Jekyll site's
// title).
func TestServeLayouts(t *testing.T) {
	for _, tt := range []struct {
		name        string
		files       map[string]string
		page, url   string
		settings    string
		newSettings string
		shows       string
	}{
		{"jekyll", map[string]string{"_config.yml": "title: Old Title\n", "index.md": "---\ntitle: Home\n---\nHome.\n",
			"docs/a.md": "---\ntitle: A\nparent: Home\n---\nA text.\n"}, "docs/a.md", "/docs/a.html", "_config.yml", "title: New Title\n", "New Title"},
		{"hugo", map[string]string{"hugo.toml": "title = \"Old Title\"\n", "content/_index.md": "Home.\n",
			"content/a.md": "---\ntitle: A\n---\nA text.\n"}, "content/a.md", "/a/", "hugo.toml", "title = \"New Title\"\n", "New Title"},
		{"mkdocs", map[string]string{"mkdocs.yml": "site_name: Old Title\n", "docs/index.md": "# Home\n", "docs/a.md": "# A\n\nA text.\n"},
			"docs/a.md", "/a/", "mkdocs.yml", "site_name: New Title\n", "New Title"},
		{"mdbook", map[string]string{"book.toml": "[book]\ntitle = \"Old Title\"\n", "src/SUMMARY.md": "- [One](one.md)\n- [A](a.md)\n",
			"src/one.md": "# One\n", "src/a.md": "# A\n\nA text.\n"}, "src/a.md", "/a.html", "book.toml", "[book]\ntitle = \"New Title\"\n", "New Title"},
		{"folder", map[string]string{"README.md": "# Home\n\n[A](a.md)\n", "a.md": "# A\n\nA text.\n"}, "a.md", "/a/", "", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h, out, _ := newServeHarness(t, tt.files)
			out.Reset()
			body := tt.files[tt.page]
			h.write(tt.page, strings.Replace(body, "A text.", "A text, saved.", 1))
			h.step(tt.page)
			if !strings.Contains(out.String(), "updated ") || strings.Contains(out.String(), "built ") {
				t.Errorf("a body edit is not an Update: %s", out.String())
			}
			code, got := h.get(tt.url)
			if code != 200 && code != 302 || !strings.Contains(got, "A text, saved.") && code == 200 {
				t.Errorf("GET %s = %d: the save is not served", tt.url, code)
			}
			if tt.settings == "" {
				return
			}
			out.Reset()
			h.write(tt.settings, tt.newSettings)
			h.step(tt.settings)
			if !strings.Contains(out.String(), "built ") {
				t.Errorf("a settings edit is not a full build: %s", out.String())
			}
			if _, got := h.get("/"); !strings.Contains(got, tt.shows) {
				t.Errorf("the new settings are not applied: no %q", tt.shows)
			}
		})
	}
}

// TestServeFolderNoteProblemPage: the overlay's link to the page of a
// folder note's problem is the folder's URL, where the page is.
func TestServeFolderNoteProblemPage(t *testing.T) {
	files := vaultFiles()
	h, _, _ := newServeHarness(t, files)
	h.write("Rules/Rules.md", "---\ntitle: [Rules\n---\n# Rules\n")
	evs := h.step("Rules/Rules.md")
	// An error, or in serve's lenient authoring mode (front matter Obsidian
	// shows anyway) a warning: either names the folder's page.
	var d struct{ Problems, Warnings []problem }
	eventData(t, evs, evErrors, &d)
	eventData(t, evs, evWarnings, &d)
	if !slices.ContainsFunc(append(d.Problems, d.Warnings...), func(p problem) bool {
		return strings.HasSuffix(p.File, "Rules/Rules.md") && p.Page == "/rules/"
	}) {
		t.Errorf("problems %+v, warnings %+v: none of Rules/Rules.md on the page /rules/ (the folder note's)", d.Problems, d.Warnings)
	}
}
