package servecmd

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/watch"
)

// startServe runs the real command on a free port and returns its base
// URL, its output buffers and a function that stops it and returns the
// exit code.
func startServe(t *testing.T, args ...string) (base string, out, errOut *syncBuffer, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, errOut = &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- Run(ctx, append([]string{"--port", "0"}, args...), out, errOut) }()
	for deadline := time.Now().Add(60 * time.Second); base == ""; {
		if m := regexp.MustCompile(`serving at (http://\S+)/ `).FindStringSubmatch(out.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			cancel()
			t.Fatalf("server did not start: %s %s", out.String(), errOut.String())
		} else {
			time.Sleep(10 * time.Millisecond)
		}
	}
	stopped := false
	var code int
	stop = func() int {
		if stopped {
			return code
		}
		stopped = true
		cancel()
		select {
		case code = <-done:
		case <-time.After(60 * time.Second):
			t.Fatal("Run did not return after cancel")
		}
		return code
	}
	t.Cleanup(func() { stop() })
	return base, out, errOut, stop
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestContentFolderVanishes is fault 3 of issue 10: content/ disappears
// while serve runs (a branch switch, an rsync, a rename). The server
// shows the overlay, keeps serving the last good site, and recovers by
// itself when the folder comes back.
func TestContentFolderVanishes(t *testing.T) {
	for _, mode := range []struct{ name, poll string }{{"fsnotify", "0"}, {"poll", "30ms"}} {
		t.Run(mode.name, func(t *testing.T) { contentFolderVanishes(t, mode.poll) })
	}
}

func contentFolderVanishes(t *testing.T, poll string) {
	src := testSite(t)
	base, _, errOut, stop := startServe(t, "--source", src, "--poll", poll)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	evs := sseClient(t, ctx, base)
	if ev := next(t, evs); ev.name != evHello {
		t.Fatalf("first event %s", ev.name)
	}
	aside := src + "-aside"
	if err := os.Rename(src+"/content", aside); err != nil {
		t.Fatal(err)
	}
	ev := next(t, evs)
	if ev.name != evErrors || !strings.Contains(string(ev.data), "content") {
		t.Fatalf("after removing content/: %s %s", ev.name, ev.data)
	}
	if code, body := httpGet(t, base+"/a/one/"); code != 200 || !strings.Contains(body, "Original one.") {
		t.Errorf("last good page not served: %d %q", code, body)
	}
	// The folder comes back (with an edit): the server picks it up alone.
	writeFile(t, aside, "a/one.md", page("First Page", 1, "Back again."))
	if err := os.Rename(aside, src+"/content"); err != nil {
		t.Fatal(err)
	}
	for {
		ev = next(t, evs)
		if ev.name == evReload {
			break
		}
	}
	if code, body := httpGet(t, base+"/a/one/"); code != 200 || !strings.Contains(body, "Back again.") {
		t.Errorf("after content/ came back: %d %q", code, body)
	}
	// Later edits inside the recreated folder are still seen.
	writeFile(t, src, "content/a/two.md", page("Second Page", 2, "Edited after return."))
	for {
		ev = next(t, evs)
		if ev.name == evReload {
			break
		}
	}
	if _, body := httpGet(t, base+"/a/two/"); !strings.Contains(body, "Edited after return.") {
		t.Errorf("edit in the recreated folder not served: %q", body)
	}
	if code := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, errOut.String())
	}
	if strings.Contains(errOut.String(), "panic") || strings.Contains(errOut.String(), "goroutine ") {
		t.Errorf("stack trace in the log: %s", errOut.String())
	}
}

// testServer returns a server for src publishing into a temporary folder,
// with its terminal output in errOut, before any build.
func testServer(t *testing.T, src string, gens ...content.Generator) (*server, *syncBuffer) {
	t.Helper()
	f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), BaseURL: "http://127.0.0.1:1313/"}
	opts := f.Options()
	opts.CacheDir = "-"
	if gens != nil {
		opts.Generators = gens
	}
	errOut := &syncBuffer{}
	return &server{opts: opts, out: io.Discard, err: errOut, hub: newHub("test"), pending: map[string]kind{}}, errOut
}

// TestRebuildPanicRecovered: a panic anywhere in a rebuild becomes an
// overlay error; the last good site stays served and the next change
// rebuilds in full.
func TestRebuildPanicRecovered(t *testing.T) {
	src := testSite(t)
	var boom atomic.Bool
	srv, errOut := testServer(t, src, func(context.Context, *content.Site) (map[string][]byte, error) {
		if boom.Load() {
			panic("generator exploded")
		}
		return nil, nil
	})
	srv.rebuild(context.Background())
	if build, ps := srv.hub.state(); build != 1 || ps != nil {
		t.Fatalf("first build: %d %v", build, ps)
	}
	handler := newHandler(srv.opts.Dest, srv.hub)
	get := func(p string) string {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		return rec.Body.String()
	}
	boom.Store(true)
	writeFile(t, src, "content/a/one.md", page("First Page", 1, "During the panic."))
	srv.apply(context.Background(), watch.Batch{{Op: watch.Rescan}})
	_, ps := srv.hub.state()
	if len(ps) != 1 || !strings.Contains(ps[0].Msg, "generator exploded") {
		t.Fatalf("problems after a panic: %+v", ps)
	}
	if body := get("/a/one/"); !strings.Contains(body, "Original one.") {
		t.Errorf("last good page not served after a panic: %q", body)
	}
	if !strings.Contains(errOut.String(), "still serving the last good build") {
		t.Errorf("log: %s", errOut.String())
	}
	boom.Store(false)
	srv.apply(context.Background(), watch.Batch{{Path: "content/a/one.md", Op: watch.Write}})
	if build, ps := srv.hub.state(); build != 2 || ps != nil {
		t.Fatalf("after the panic: build %d, problems %v", build, ps)
	}
	if body := get("/a/one/"); !strings.Contains(body, "During the panic.") {
		t.Errorf("page after recovery: %q", body)
	}
}

// TestFirstBuildFailsLog: when the first build fails, the log does not
// claim to serve a last good build that never existed.
func TestFirstBuildFailsLog(t *testing.T) {
	src := testSite(t)
	writeFile(t, src, "content/a/one.md", "---\ntitle: [broken\n---\n")
	srv, errOut := testServer(t, src)
	srv.rebuild(context.Background())
	if _, ps := srv.hub.state(); len(ps) == 0 {
		t.Fatal("broken first build reported no problem")
	}
	if log := errOut.String(); strings.Contains(log, "last good build") || !strings.Contains(log, "no good build yet") {
		t.Errorf("log after a failed first build: %s", log)
	}
	writeFile(t, src, "content/a/one.md", page("First Page", 1, "Fixed."))
	srv.apply(context.Background(), watch.Batch{{Path: "content/a/one.md", Op: watch.Write}})
	if _, ps := srv.hub.state(); ps != nil {
		t.Fatalf("fixed build: %v", ps)
	}
	writeFile(t, src, "content/a/one.md", "---\ntitle: [broken\n---\n")
	srv.apply(context.Background(), watch.Batch{{Path: "content/a/one.md", Op: watch.Write}})
	if log := errOut.String(); !strings.Contains(log, "still serving the last good build") {
		t.Errorf("log after a failed later build: %s", log)
	}
}

// TestServeRefusedDest: `sitegen serve --dest` with a folder a build
// refuses (someone else's, or one inside content/) exits at once with an
// error naming the folder, instead of serving nothing (issue 22).
func TestServeRefusedDest(t *testing.T) {
	src := testSite(t)
	notes := t.TempDir()
	writeFile(t, notes, "todo.txt", "buy dice")
	for _, dest := range []string{notes, filepath.Join(src, "content", "out")} {
		var out, errOut syncBuffer
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		code := Run(ctx, []string{"--port", "0", "--source", src, "--dest", dest}, &out, &errOut)
		expired := ctx.Err() != nil
		cancel()
		if expired {
			t.Fatalf("--dest %s: serve kept running: %s", dest, errOut.String())
		}
		log := errOut.String()
		if code != 1 || !strings.HasPrefix(log, "sitegen serve: ") || !strings.Contains(log, dest) ||
			strings.Contains(log, "sitegen:1:1") || strings.Contains(out.String(), "serving at") {
			t.Errorf("--dest %s: exit %d, stderr %q, stdout %q; want exit 1 and one error naming the folder", dest, code, log, out.String())
		}
	}
	if b, err := os.ReadFile(filepath.Join(notes, "todo.txt")); err != nil || string(b) != "buy dice" {
		t.Errorf("notes changed: %q, %v", b, err)
	}
}

// TestServeNoFolder: `sitegen serve --source` naming a missing folder or a
// file exits at once saying so, instead of "watch …: no such file or
// directory".
func TestServeNoFolder(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "notes.md", "# Notes\n")
	for _, tt := range []struct{ src, want string }{
		{filepath.Join(dir, "missing"), "sitegen serve: no folder " + filepath.Join(dir, "missing") + "\n"},
		{filepath.Join(dir, "notes.md"), "sitegen serve: " + filepath.Join(dir, "notes.md") + " is a file, not a folder: --source names the site's folder\n"},
	} {
		var out, errOut syncBuffer
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		code := Run(ctx, []string{"--port", "0", "--source", tt.src}, &out, &errOut)
		cancel()
		if code != 1 || errOut.String() != tt.want || strings.Contains(out.String(), "serving at") {
			t.Errorf("--source %s: exit %d, stderr %q, stdout %q; want exit 1 and %q", tt.src, code, errOut.String(), out.String(), tt.want)
		}
	}
}

// TestServeGenuineBrokenLinks (issue 35, item 4): serve on a vault with
// genuine broken links serves the site, the links listed as warnings
// (serve's default, --broken-links warn while authoring); with
// --broken-links error the first build fails, its problem names
// --broken-links warn, and the log claims no last good build.
func TestServeGenuineBrokenLinks(t *testing.T) {
	src := t.TempDir()
	writeFile(t, src, ".obsidian/app.json", "{}")
	writeFile(t, src, "Imp.md", "# Imp\n\nFlies like a [[Gnome]].\n")
	for _, strict := range []bool{false, true} {
		f := buildcmd.Flags{Source: src, Dest: filepath.Join(t.TempDir(), "public"), BaseURL: "http://127.0.0.1:1313/"}
		if strict {
			f.BrokenLinks = "error"
		}
		opts := serveOptions(f)
		opts.CacheDir = "-"
		errOut := &syncBuffer{}
		srv := &server{opts: opts, out: io.Discard, err: errOut, hub: newHub("test"), pending: map[string]kind{}}
		srv.rebuild(context.Background())
		_, ps := srv.hub.state()
		log := errOut.String()
		const where = `Imp.md:3:14: warning: broken wikilink [[Gnome]]`
		switch {
		case !strict && (ps != nil || !srv.served || !strings.Contains(log, where)):
			t.Errorf("default: problems %v, served %v, log:\n%s\nwant the site served and %q listed", ps, srv.served, log, where)
		case strict && (len(ps) != 1 || !strings.Contains(ps[0].Msg, "--broken-links warn") || srv.served ||
			strings.Contains(log, "last good build") || !strings.Contains(log, "no good build yet")):
			t.Errorf("--broken-links error: problems %+v, served %v, log:\n%s", ps, srv.served, log)
		}
	}
}
