package servecmd

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/watch"
)

// testSite is a small site; static/ is copied from the repository so the
// layout finds every asset it requires.
func testSite(t *testing.T) string {
	t.Helper()
	src := t.TempDir()
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS("../../../static")); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"site.toml":           "title = \"Test\"\nbaseURL = \"https://example.org/\"\n",
		"content/_index.md":   "---\ntitle: Home\n---\n\nWelcome.\n",
		"content/a/_index.md": "---\ntitle: Section A\n---\n",
		"content/a/one.md":    page("First Page", 1, "Original one."),
		"content/a/two.md":    page("Second Page", 2, "Original two."),
	} {
		writeFile(t, src, name, body)
	}
	return src
}

func page(title string, weight int, body string) string {
	return fmt.Sprintf("---\ntitle: %s\nweight: %d\n---\n\n%s\n", title, weight, body)
}

func writeFile(t *testing.T, dir, rel, body string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// harness runs a server whose watch loop the test drives: it gathers
// batches until the paths a scenario must produce have all been seen and
// applies them as one, so the number of builds does not depend on timing.
type harness struct {
	t      *testing.T
	src    string
	srv    *server
	w      *watch.Watcher
	events chan event
	http   http.Handler
}

func newHarness(t *testing.T, src string) *harness {
	t.Helper()
	return newHarnessIn(t, src, filepath.Join(t.TempDir(), "public"))
}

// newHarnessIn is newHarness publishing into dest, watching what serve
// watches for the source's layout.
func newHarnessIn(t *testing.T, src, dest string) *harness {
	t.Helper()
	f := buildcmd.Flags{Source: src, Dest: dest, BaseURL: "http://127.0.0.1:1313/"}
	return newHarnessOpts(t, src, f.Options())
}

// newHarnessOpts is newHarness building with opts (Source and Dest set).
func newHarnessOpts(t *testing.T, src string, opts content.Options) *harness {
	t.Helper()
	opts.CacheDir = "-"
	lay, err := detect.Layout(src) // as serve does
	if err != nil {
		t.Fatal(err)
	}
	opts.Layout = lay
	srv := &server{opts: opts, out: io.Discard, err: io.Discard, hub: newHub("test"), pending: map[string]kind{}}
	srv.rebuild(context.Background())
	if build, ps := srv.hub.state(); build != 1 || ps != nil {
		t.Fatalf("first build: build %d, problems %v", build, ps)
	}
	wo := watchFor(false, opts.Layout, src, opts.Dest)
	wo.Debounce = 20 * time.Millisecond
	w, err := watch.New(wo)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	srv.watchFiles = w.Watch // as serve has it before its first build
	srv.watchReads()
	h := &harness{t: t, src: src, srv: srv, w: w, events: srv.hub.subscribe(), http: newHandler(opts.Dest, srv.hub)}
	if ev := <-h.events; ev.name != evHello {
		t.Fatalf("first event %q, want hello", ev.name)
	}
	return h
}

// step waits until every path in want has been reported, applies the
// changes and returns the events the browsers were sent.
func (h *harness) step(want ...string) []event {
	h.t.Helper()
	merged := map[string]watch.Op{}
	deadline := time.After(60 * time.Second)
	for slices.ContainsFunc(want, func(p string) bool { _, ok := merged[p]; return !ok }) {
		select {
		case b := <-h.w.Batches():
			for _, c := range b {
				merged[c.Path] |= c.Op
			}
		case <-deadline:
			h.t.Fatalf("timed out waiting for %v; saw %v", want, merged)
		}
	}
	var b watch.Batch
	for p, op := range merged {
		b = append(b, watch.Change{Path: p, Op: op})
	}
	h.srv.apply(context.Background(), b)
	var evs []event
	for {
		select {
		case ev := <-h.events:
			evs = append(evs, ev)
		default:
			return evs
		}
	}
}

// get fetches a page of the served site.
func (h *harness) get(path string) (int, string) {
	rec := httptest.NewRecorder()
	h.http.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec.Code, rec.Body.String()
}

func (h *harness) write(rel, body string) { h.t.Helper(); writeFile(h.t, h.src, rel, body) }

func (h *harness) path(rel string) string { return filepath.Join(h.src, filepath.FromSlash(rel)) }

func names(evs []event) []string {
	var n []string
	for _, e := range evs {
		n = append(n, e.name)
	}
	return n
}

// TestRootNotes is issue 31: serve on a source whose pages are the folder
// itself (an Obsidian vault, a Jekyll site, a folder of Markdown) sees a
// note created at its top after the start, where Obsidian puts new notes
// (the top's entries were listed once), and never the output inside it.
func TestRootNotes(t *testing.T) {
	for _, tc := range []struct{ name, marker, body, url string }{
		{"vault", ".obsidian/app.json", "# New note\n\nJust made.\n", "/new-note/"},
		// Jekyll keeps the case and spaces of a file's name in its URL,
		// and writes the page as a file ("New note.html", served at
		// /New%20note too: TestHandler).
		{"jekyll", "_config.yml", "---\ntitle: New note\n---\nJust made.\n", "/New%20note.html"},
		{"folder of Markdown", "", "# New note\n\nJust made.\n", "/new-note/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			if tc.marker != "" {
				writeFile(t, src, tc.marker, "{}\n")
			}
			writeFile(t, src, "index.md", "# Home\n\nWelcome.\n")
			writeFile(t, src, "Rules/combat.md", "# Combat\n\nRounds.\n")
			h := newHarnessIn(t, src, filepath.Join(src, "_out"))
			if code, _ := h.get(tc.url); code != http.StatusNotFound {
				t.Fatalf("%s before: %d", tc.url, code)
			}
			h.write("New note.md", tc.body)
			h.step("New note.md")
			if code, body := h.get(tc.url); code != http.StatusOK || !strings.Contains(body, "Just made.") {
				t.Errorf("%s after: %d", tc.url, code)
			}
		})
	}
}

// TestSettingsUnderHiddenNames: serve sees a change to a settings file
// under a hidden name, which decides what is published: the fourth probe
// found a folder served after .vitepress/config.mts's srcExclude, the
// vault's templates folder setting or Quartz's content/.gitignore had
// left it out (the watcher dropped every hidden name); and a folder of
// Markdown's .gitignore files (the fifth probe's D1 fix).
func TestSettingsUnderHiddenNames(t *testing.T) {
	for _, tc := range []struct{ name, marker, markerBody, content, setting, body string }{
		{"vitepress srcExclude", ".vitepress/config.mts", "export default { title: 'V', cleanUrls: true }\n", "", // cleanUrls: /gm/scene/, not /gm/scene.html
			".vitepress/config.mts", "export default { cleanUrls: true, srcExclude: ['gm/**'] }\n"},
		{"vault templates folder", ".obsidian/app.json", "{}\n", "",
			".obsidian/templates.json", `{"folder": "gm"}`},
		{"quartz .gitignore", "quartz.config.ts", "export default { configuration: { pageTitle: 'Q' }, plugins: {} }\n", "content/",
			"content/.gitignore", "gm/\n"},
		// A folder of Markdown reads its .gitignore files as git does.
		{"folder .gitignore", "notes.md", "# Notes\n", "", ".gitignore", "gm/\n"},
		{"folder nested .gitignore", "notes.md", "# Notes\n", "", "gm/.gitignore", "scene.md\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			writeFile(t, src, tc.marker, tc.markerBody)
			writeFile(t, src, tc.content+"index.md", "# Home\n\nWelcome.\n")
			writeFile(t, src, tc.content+"gm/scene.md", "# Scene\n\nThe twist.\n")
			h := newHarnessIn(t, src, filepath.Join(t.TempDir(), "public"))
			page := "/gm/scene/"
			if strings.HasPrefix(tc.name, "quartz") {
				page = "/gm/scene" // Quartz writes gm/scene.html, served at its own URL
			}
			if code, _ := h.get(page); code != http.StatusOK {
				t.Fatalf("%s before: %d", page, code)
			}
			h.write(tc.setting, tc.body)
			h.step(tc.setting)
			if code, body := h.get(page); code == http.StatusOK || strings.Contains(body, "The twist.") {
				t.Errorf("%s after %s names it: %d", page, tc.setting, code)
			}
		})
	}
}

func TestWatchedEdits(t *testing.T) {
	h := newHarness(t, testSite(t))
	var oldCSS string
	type check struct {
		path     string
		code     int
		contains []string
		excludes []string
	}
	scenarios := []struct {
		name   string
		do     func()
		want   []string // paths the watcher must report
		events []string // events the browsers get, in order
		checks []check
	}{
		{"plain write", func() { h.write("content/a/one.md", page("First Page", 1, "Plain write.")) },
			[]string{"content/a/one.md"}, []string{evReload},
			[]check{{"/a/one/", 200, []string{"Plain write.", "Second Page"}, []string{"Original one."}}}},
		{"atomic save", func() {
			h.write("content/a/.one.md.tmp-42", page("First Page", 1, "Atomic save."))
			if err := os.Rename(h.path("content/a/.one.md.tmp-42"), h.path("content/a/one.md")); err != nil {
				t.Fatal(err)
			}
		}, []string{"content/a/one.md"}, []string{evReload},
			[]check{{"/a/one/", 200, []string{"Atomic save."}, nil}}},
		{"vim save", func() {
			h.write("content/a/4913", "")
			os.Remove(h.path("content/a/4913"))
			h.write("content/a/.one.md.swp", "swap")
			if err := os.Rename(h.path("content/a/one.md"), h.path("content/a/one.md~")); err != nil {
				t.Fatal(err)
			}
			h.write("content/a/one.md", page("First Page", 1, "Vim save."))
			os.Remove(h.path("content/a/one.md~"))
			os.Remove(h.path("content/a/.one.md.swp"))
		}, []string{"content/a/one.md"}, []string{evReload},
			[]check{{"/a/one/", 200, []string{"Vim save."}, nil}}},
		{"static file", func() { h.write("static/img/new.txt", "new static") },
			[]string{"static/img/new.txt"}, []string{evReload},
			[]check{{"/img/new.txt", 200, []string{"new static"}, nil}}},
		{"stylesheet", func() {
			_, body := h.get("/a/one/")
			oldCSS = regexp.MustCompile(`/css/site\.[0-9a-f]+\.css`).FindString(body)
			b, _ := os.ReadFile(h.path("static/css/site.css"))
			h.write("static/css/site.css", string(b)+"\n.sitegen-test{color:red}\n")
		}, []string{"static/css/site.css"}, []string{evCSS},
			[]check{{"/a/one/", 200, []string{"/css/site."}, nil}}},
		{"create folder and file", func() { h.write("content/b/new.md", page("Brand New", 1, "New page.")) },
			[]string{"content/b/new.md"}, []string{evReload},
			[]check{{"/b/new/", 200, []string{"New page."}, nil}, {"/a/one/", 200, []string{`href="/b/"`}, nil}}},
		{"delete", func() { os.Remove(h.path("content/a/two.md")) },
			[]string{"content/a/two.md"}, []string{evReload},
			[]check{{"/a/two/", 404, nil, nil}, {"/a/one/", 200, nil, []string{"Second Page", "/a/two/"}}}},
		{"rename folder", func() {
			if err := os.Rename(h.path("content/b"), h.path("content/c")); err != nil {
				t.Fatal(err)
			}
		}, []string{"content/b", "content/c/new.md"}, []string{evReload},
			// The page moved: its old URL leads to it while serving.
			[]check{{"/b/new/", 302, nil, nil}, {"/b/", 404, nil, nil}, {"/c/new/", 200, []string{"New page."}, nil}, {"/a/one/", 200, []string{`href="/c/"`}, []string{`href="/b/"`}}}},
		{"broken page", func() { h.write("content/a/one.md", "---\ntitle: [First\n---\n\nBroken.\n") },
			[]string{"content/a/one.md"}, []string{evErrors},
			[]check{{"/a/one/", 200, []string{"Vim save."}, []string{"Broken."}}}},
		{"broken link", func() { h.write("content/a/one.md", page("First Page", 1, "[x](nowhere.md)")) },
			[]string{"content/a/one.md"}, []string{evErrors},
			[]check{{"/a/one/", 200, []string{"Vim save."}, nil}}},
		{"fixed", func() { h.write("content/a/one.md", page("First Page", 1, "Fixed.")) },
			[]string{"content/a/one.md"}, []string{evReload},
			[]check{{"/a/one/", 200, []string{"Fixed."}, nil}}},
		{"burst of 1000 writes", func() {
			for i := range 1000 {
				h.write(fmt.Sprintf("content/burst/p%04d.md", i), page(fmt.Sprintf("Burst %d", i), i+1, fmt.Sprintf("Burst body %d.", i)))
			}
		}, func() []string {
			var w []string
			for i := range 1000 {
				w = append(w, fmt.Sprintf("content/burst/p%04d.md", i))
			}
			return w
		}(), []string{evReload},
			[]check{{"/burst/p0000/", 200, []string{"Burst body 0."}, nil}, {"/burst/p0999/", 200, []string{"Burst body 999."}, nil}}},
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			h.t = t
			sc.do()
			evs := h.step(sc.want...)
			if !slices.Equal(names(evs), sc.events) {
				t.Fatalf("events %v, want %v", names(evs), sc.events)
			}
			for _, c := range sc.checks {
				code, body := h.get(c.path)
				if code != c.code {
					t.Errorf("GET %s = %d, want %d", c.path, code, c.code)
				}
				for _, s := range c.contains {
					if !strings.Contains(body, s) {
						t.Errorf("GET %s: no %q", c.path, s)
					}
				}
				for _, s := range c.excludes {
					if strings.Contains(body, s) {
						t.Errorf("GET %s: still has %q", c.path, s)
					}
				}
			}
			if sc.name == "stylesheet" {
				_, body := h.get("/a/one/")
				if oldCSS == "" || strings.Contains(body, oldCSS) {
					t.Errorf("page still links the old stylesheet %q", oldCSS)
				}
			}
			if last := evs[len(evs)-1]; last.name == evErrors {
				var d struct{ Problems []problem }
				if err := json.Unmarshal(last.data, &d); err != nil {
					t.Fatal(err)
				}
				if len(d.Problems) == 0 || d.Problems[0].File != "content/a/one.md" || d.Problems[0].Line == 0 || d.Problems[0].Page != "/a/one/" {
					t.Errorf("problems %+v, want content/a/one.md with a line and page /a/one/", d.Problems)
				}
			} else if _, ps := h.srv.hub.state(); ps != nil {
				t.Errorf("problems left after a good build: %v", ps)
			}
		})
	}
}

func TestNavigate(t *testing.T) {
	h := newHarness(t, testSite(t))
	h.srv.navigate = true
	h.write("content/a/two.md", page("Second Page", 2, "Edited."))
	evs := h.step("content/a/two.md")
	if len(evs) != 1 || evs[0].name != evReload {
		t.Fatalf("events %v", names(evs))
	}
	var d struct {
		Build    int
		Page     string
		Navigate bool
	}
	if err := json.Unmarshal(evs[0].data, &d); err != nil {
		t.Fatal(err)
	}
	if d.Build != 2 || d.Page != "/a/two/" || !d.Navigate {
		t.Errorf("reload %+v, want build 2, page /a/two/, navigate", d)
	}
	// The search index follows once the loop is idle.
	var errs strings.Builder
	h.srv.err = &errs
	if !h.srv.searchStale {
		t.Error("search index not marked stale after an update")
	}
	h.srv.writeSearchIndex()
	<-h.srv.searchDone // written off the loop
	if h.srv.searchStale || errs.Len() > 0 {
		t.Errorf("search index not written: %s", errs.String())
	}
}

func TestCodeChange(t *testing.T) {
	h := newHarness(t, testSite(t))
	h.srv.repo = true
	var result []problem
	calls := 0
	h.srv.restart = func(context.Context) ([]problem, error) { calls++; return result, nil }
	drain := func() []event {
		var evs []event
		for {
			select {
			case ev := <-h.events:
				evs = append(evs, ev)
			default:
				return evs
			}
		}
	}
	// The code does not build: overlay, no reload, old binary keeps serving.
	result = []problem{{File: "templates/views.templ", Line: 3, Col: 1, Msg: "unexpected token"}}
	h.srv.apply(context.Background(), watch.Batch{{Path: "templates/views.templ", Op: watch.Write}})
	if evs := drain(); !slices.Equal(names(evs), []string{evErrors}) || !strings.Contains(string(evs[0].data), "unexpected token") {
		t.Fatalf("events %v", evs)
	}
	// Content edited meanwhile is published; the code problems stay shown.
	h.write("content/a/one.md", page("First Page", 1, "While broken."))
	h.srv.apply(context.Background(), watch.Batch{{Path: "templates/views.templ", Op: watch.Write}, {Path: "content/a/one.md", Op: watch.Write}})
	if evs := drain(); !slices.Equal(names(evs), []string{evErrors, evReload, evErrors}) {
		t.Fatalf("events %v", names(evs))
	}
	if _, body := h.get("/a/one/"); !strings.Contains(body, "While broken.") {
		t.Error("content not published while the code is broken")
	}
	// Tests and generated files do not rebuild the binary.
	h.srv.apply(context.Background(), watch.Batch{{Path: "templates/x_test.go", Op: watch.Write}, {Path: "templates/views_templ.go", Op: watch.Write}})
	if calls != 2 {
		t.Errorf("restart called %d times, want 2", calls)
	}
	// Fixed: (the real restarter execs the new binary and never returns).
	result = nil
	h.srv.apply(context.Background(), watch.Batch{{Path: "rules/x.go", Op: watch.Write}})
	if calls != 3 || len(h.srv.codeErr) != 0 {
		t.Errorf("calls %d, codeErr %v", calls, h.srv.codeErr)
	}
}

func TestClassify(t *testing.T) {
	src := testSite(t)
	writeFile(t, src, "content/a/image.png", "png")
	writeFile(t, src, "static/img/logo.png", "png")
	f := buildcmd.Flags{Source: src}
	srv := &server{opts: f.Options(), repo: true}
	tests := []struct {
		path string
		op   watch.Op
		want kind
	}{
		{"content/a/one.md", watch.Write, kindPage},
		{"content/a/gone.md", watch.Remove, kindPage},
		{"content/a", watch.Create, kindPage}, // site.Site.Update walks the content again
		{"content/removed-folder", watch.Remove, kindPage},
		{"content/a/image.png", watch.Write, kindPage}, // published beside its page
		{"mkdocs.yml", watch.Create, kindFull},         // the folder becomes an MkDocs project
		{"README.md", watch.Write, kindIgnore},
		{"site.toml", watch.Write, kindFull},
		{"static/css/site.css", watch.Write, kindFull},
		{"static/img/logo.png", watch.Write, kindStatic},
		{"static/img/gone.png", watch.Remove, kindStatic},
		{"static/img", watch.Create, kindFull},
		{"templates/views.templ", watch.Write, kindCode},
		{"templates/views_templ.go", watch.Write, kindIgnore},
		{"rules/opend6/x.go", watch.Write, kindCode},
		{"rules/opend6/x_test.go", watch.Write, kindIgnore},
		{"cmd/sitegen/main.go", watch.Write, kindCode},
		{"go.mod", watch.Write, kindCode},
		{"calc/README.md", watch.Write, kindIgnore},
		{"", watch.Rescan, kindFull},
	}
	for _, tt := range tests {
		if got := srv.classify(watch.Change{Path: tt.path, Op: tt.op}); got != tt.want {
			t.Errorf("classify(%s) = %d, want %d", tt.path, got, tt.want)
		}
	}
	srv.repo = false
	if got := srv.classify(watch.Change{Path: "templates/views.templ", Op: watch.Write}); got != kindIgnore {
		t.Errorf("outside the repository, code changes give %d", got)
	}
}

func TestCompilerProblems(t *testing.T) {
	tests := []struct {
		out  string
		want []problem
	}{
		{"# d6codex/templates\ntemplates/model.go:12:5: undefined: foo\n./calc/calc.go:3: syntax error\n",
			[]problem{{File: "templates/model.go", Line: 12, Col: 5, Msg: "undefined: foo"}, {File: "calc/calc.go", Line: 3, Msg: "syntax error"}}},
		{"templates/views.templ:4:2: parse error: unclosed tag\n",
			[]problem{{File: "templates/views.templ", Line: 4, Col: 2, Msg: "parse error: unclosed tag"}}},
		{"something odd\n", []problem{{File: "go build", Msg: "something odd"}}},
		{"", []problem{{File: "go build", Msg: "exit status 1"}}},
	}
	for _, tt := range tests {
		got := compilerProblems("go build", tt.out, fmt.Errorf("exit status 1"))
		if !slices.Equal(got, tt.want) {
			t.Errorf("compilerProblems(%q) = %+v, want %+v", tt.out, got, tt.want)
		}
	}
}

func TestIsRepo(t *testing.T) {
	dir := t.TempDir()
	if isRepo(dir) {
		t.Error("no go.mod: repo")
	}
	writeFile(t, dir, "go.mod", "module example.com/other\n")
	if isRepo(dir) {
		t.Error("other module: repo")
	}
	writeFile(t, dir, "go.mod", "// d6codex\nmodule d6codex\n\ngo 1.26\n")
	if !isRepo(dir) {
		t.Error("d6codex module: not a repo")
	}
}

// syncBuffer is a bytes.Buffer safe for the server's and the test's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// Reset forgets what was written.
func (s *syncBuffer) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Reset()
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// sseClient reads events from the server's stream.
func sseClient(t testing.TB, ctx context.Context, url string) <-chan event {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+eventsPath, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	ch := make(chan event, 64)
	go func() {
		defer resp.Body.Close()
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = []byte(strings.TrimPrefix(line, "data: "))
			case line == "" && ev.name != "":
				ch <- ev
				ev = event{}
			}
		}
	}()
	return ch
}

// next returns the next event, failing after a generous timeout.
func next(t *testing.T, ch <-chan event) event {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("event stream closed")
		}
		return ev
	case <-time.After(60 * time.Second):
		t.Fatal("timed out waiting for an event")
	}
	return event{}
}

// TestServeSSE runs the real command and follows it over HTTP like a
// browser: the reload arrives once the new page is served, a broken page
// gives the overlay event while the last good page stays served, and the
// fix clears it.
func TestServeSSE(t *testing.T) {
	src := testSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	done := make(chan int, 1)
	go func() { done <- Run(ctx, []string{"--port", "0", "--source", src}, &out, &errOut) }()
	var base string
	for deadline := time.Now().Add(60 * time.Second); base == ""; {
		if m := regexp.MustCompile(`serving at (http://\S+)/ `).FindStringSubmatch(out.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("server did not start: %s %s", out.String(), errOut.String())
		} else {
			time.Sleep(10 * time.Millisecond)
		}
	}
	get := func(path string) string {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	if body := get("/a/one/"); !strings.Contains(body, "Original one.") || !strings.Contains(body, scriptPath) {
		t.Fatalf("first page: %q", body)
	} else if want := `<link rel="canonical" href="` + base + `/a/one/"`; !strings.Contains(body, want) {
		t.Errorf("the dev server's pages do not use its own address: no %s", want)
	}
	evs := sseClient(t, ctx, base)
	if ev := next(t, evs); ev.name != evHello || !strings.Contains(string(ev.data), `"build":1`) {
		t.Fatalf("first event %s %s", ev.name, ev.data)
	}

	writeFile(t, src, "content/a/one.md", page("First Page", 1, "Edited over SSE."))
	if ev := next(t, evs); ev.name != evReload || !strings.Contains(string(ev.data), `"build":2`) {
		t.Fatalf("after an edit: %s %s", ev.name, ev.data)
	}
	if body := get("/a/one/"); !strings.Contains(body, "Edited over SSE.") {
		t.Errorf("reload arrived before the page was published: %q", body)
	}

	writeFile(t, src, "content/a/one.md", "---\ntitle: First Page\nweight: one\n---\n\nBroken.\n")
	ev := next(t, evs)
	if ev.name != evErrors {
		t.Fatalf("after breaking the page: %s %s", ev.name, ev.data)
	}
	var d struct{ Problems []problem }
	if err := json.Unmarshal(ev.data, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Problems) != 1 || d.Problems[0].File != "content/a/one.md" || d.Problems[0].Line != 3 || d.Problems[0].Page != "/a/one/" {
		t.Errorf("problems %+v", d.Problems)
	}
	if body := get("/a/one/"); !strings.Contains(body, "Edited over SSE.") {
		t.Errorf("the last good page is not served: %q", body)
	}
	// A browser connecting now sees the overlay at once.
	late := sseClient(t, ctx, base)
	if ev := next(t, late); ev.name != evHello || !strings.Contains(string(ev.data), "content/a/one.md") {
		t.Errorf("hello during an error: %s %s", ev.name, ev.data)
	}

	writeFile(t, src, "content/a/one.md", page("First Page", 1, "Fixed over SSE."))
	if ev := next(t, evs); ev.name != evReload || !strings.Contains(string(ev.data), `"build":3`) {
		t.Fatalf("after the fix: %s %s", ev.name, ev.data)
	}
	if body := get("/a/one/"); !strings.Contains(body, "Fixed over SSE.") {
		t.Errorf("fixed page not served: %q", body)
	}
	again := sseClient(t, ctx, base)
	if ev := next(t, again); ev.name != evHello || !strings.Contains(string(ev.data), `"problems":null`) {
		t.Errorf("hello after the fix: %s %s", ev.name, ev.data)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("Run = %d: %s", code, errOut.String())
		}
	case <-time.After(60 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
}

// TestSearchOffLoop: the search index is written off the serve loop, so a
// save is published while a write is still running (here one that runs
// until it is cancelled: were the loop to wait for it, the second save
// would never be published), and the save cancels that write (issue 26).
func TestSearchOffLoop(t *testing.T) {
	h := newHarness(t, testSite(t))
	started, cancelled := make(chan struct{}), make(chan struct{})
	calls := 0
	h.srv.searchWrite = func(ctx context.Context, w *site.SearchWriter) error {
		calls++ // writes are one after another
		if calls > 1 {
			return w.Write(ctx)
		}
		close(started)
		<-ctx.Done()
		close(cancelled)
		return ctx.Err()
	}
	batches := make(chan watch.Batch)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { h.srv.loop(ctx, batches); close(done) }()
	save := func(body string) {
		t.Helper()
		h.write("content/a/two.md", page("Second Page", 2, body))
		select {
		case batches <- watch.Batch{{Path: "content/a/two.md", Op: watch.Write}}:
		case <-time.After(60 * time.Second):
			t.Fatal("the loop did not take the save")
		}
		select {
		case ev := <-h.events:
			if ev.name != evReload {
				t.Fatalf("event %q, want reload", ev.name)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("the save was not published")
		}
	}
	save("First edit.")
	<-started // after searchDelay without changes
	save("Second edit.")
	<-cancelled
	stop()
	<-done
	if calls < 1 {
		t.Error("no search index write")
	}
}

// TestClassifyRoots: a layout's further folders of pages (Docusaurus's
// blog/ and src/pages/, layout.Layout.Roots) are watched, and a change in
// them is an Update of the pages, as one in the docs is.
func TestClassifyRoots(t *testing.T) {
	lay := &layout.Layout{Kind: layout.Docusaurus, File: "docusaurus.config.js", Content: "docs", Static: []string{"static"}, Roots: []string{"src/pages", "blog"}}
	srv := &server{opts: content.Options{Source: t.TempDir(), Layout: lay}}
	for path, want := range map[string]kind{
		"docs/a.md":            kindPage,
		"blog/2024-01-01-a.md": kindPage,
		"blog/x/banner.png":    kindPage,
		"src/pages/about.md":   kindPage,
		"src/components/X.js":  kindIgnore,
		"README.md":            kindIgnore,
	} {
		if got := srv.classify(watch.Change{Path: path, Op: watch.Write}); got != want {
			t.Errorf("classify(%s) = %d, want %d", path, got, want)
		}
	}
	wo := watchFor(false, lay, srv.opts.Source, "build")
	for _, n := range []string{"docs", "blog", "src", "static"} {
		if !slices.Contains(wo.Names, n) {
			t.Errorf("watched names %v lack %s", wo.Names, n)
		}
	}
}

// TestServeStarlight: in an Astro Starlight project an edit of
// astro.config.mjs is a full build with the settings read again (its
// title shows without a restart), a page or an .mdx page of
// src/content/docs is a page-by-page update, and nothing else of the
// project (components, package.json) rebuilds at all
// (https://starlight.astro.build/guides/project-structure/).
func TestServeStarlight(t *testing.T) {
	config := func(title string) string {
		return "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: '" + title +
			"', sidebar: [{ label: 'Rules', autogenerate: { directory: 'rules' } }] })] };\n"
	}
	src := t.TempDir()
	for rel, body := range map[string]string{
		"astro.config.mjs":              config("Six Dice"),
		"package.json":                  "{}\n",
		"src/content/docs/index.mdx":    "---\ntitle: Home\n---\nHome.\n",
		"src/content/docs/rules/one.md": "---\ntitle: One\nsidebar:\n  label: First\n---\nOne.\n",
		"src/components/Note.astro":     "<p>note</p>\n",
		"public/favicon.svg":            "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
	} {
		writeFile(t, src, rel, body)
	}
	h := newHarness(t, src)
	if h.srv.opts.Layout.Kind != layout.Starlight {
		t.Fatalf("layout %q, want %q", h.srv.opts.Layout.Kind, layout.Starlight)
	}
	for p, want := range map[string]kind{
		"astro.config.mjs":              kindFull,
		"astro.config.ts":               kindFull, // another config name makes the project another one
		"src/content/docs/index.mdx":    kindPage,
		"src/content/docs/rules/one.md": kindPage,
		"src/content/docs/rules/a.png":  kindPage,
		"src/components/Note.astro":     kindIgnore,
		"package.json":                  kindIgnore,
		"public/favicon.svg":            kindStatic,
	} {
		if got := h.srv.classify(watch.Change{Path: p, Op: watch.Write}); got != want {
			t.Errorf("classify(%s) = %d, want %d", p, got, want)
		}
	}
	h.write("astro.config.mjs", config("Seven Dice"))
	h.step("astro.config.mjs")
	if _, body := h.get("/rules/one/"); !strings.Contains(body, "Seven Dice") || strings.Contains(body, "Six Dice") {
		t.Errorf("after the config's title edit the page does not show the new title:\n%s", body)
	}
	h.write("src/content/docs/rules/one.md", "---\ntitle: One\nsidebar:\n  label: Premier\n---\nOne, edited.\n")
	h.step("src/content/docs/rules/one.md")
	if _, body := h.get("/"); !strings.Contains(body, "Premier") {
		t.Errorf("after a sidebar.label edit the home page's sidebar does not show it:\n%s", body)
	}
}

// TestFolderSettings: serve sees an edit of a settings file the layout
// reads in every folder (layout.Layout.FolderSettings), hidden though it
// is: a MkDocs site's awesome-pages .pages ("nav: ... the order of the
// pages", https://github.com/lukasgeiter/mkdocs-awesome-pages-plugin) and
// awesome-nav's .nav.yml reorder the navigation when saved, as a build
// from nothing shows it (the watcher dropped every hidden name).
func TestFolderSettings(t *testing.T) {
	for _, tc := range []struct{ plugin, file string }{
		{"awesome-pages", "docs/.pages"},
		{"awesome-nav", "docs/.nav.yml"},
	} {
		t.Run(tc.plugin, func(t *testing.T) {
			src := t.TempDir()
			writeFile(t, src, "mkdocs.yml", "site_name: M\nplugins:\n  - "+tc.plugin+"\n")
			writeFile(t, src, "docs/index.md", "# Home\n\nWelcome.\n")
			writeFile(t, src, "docs/alpha.md", "# Alpha\n\nFirst.\n")
			writeFile(t, src, "docs/beta.md", "# Beta\n\nSecond.\n")
			h := newHarnessIn(t, src, filepath.Join(t.TempDir(), "public"))
			order := func() string {
				_, body := h.get("/alpha/")
				a, b := strings.Index(body, ">Alpha</a>"), strings.Index(body, ">Beta</a>")
				if a < 0 || b < 0 {
					t.Fatalf("no Alpha or Beta in the navigation:\n%s", body)
				}
				if a < b {
					return "alpha, beta"
				}
				return "beta, alpha"
			}
			if got := order(); got != "alpha, beta" {
				t.Fatalf("before: %s", got)
			}
			h.write(tc.file, "nav:\n  - index.md\n  - beta.md\n  - alpha.md\n")
			h.step(tc.file)
			if got := order(); got != "beta, alpha" {
				t.Errorf("after %s reorders them: %s", tc.file, got)
			}
		})
	}
}
