// Package browser is the harness of the real-browser tests: it starts
// headless Chromium (Debian's chromium package) through chromedp and serves
// a built site on a loopback port.
//
// Tests skip when no Chromium is installed, except under CI (CI=true),
// where a missing browser is a failure: .ci/run installs it.
package browser

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// findChromium returns the browser executable: $CHROMIUM, or the first of
// the usual names on PATH.
func findChromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// New starts a headless browser for the test and returns a chromedp
// context for one tab with the given viewport, closed when the test ends.
// Each call has its own profile. The whole test gets a generous timeout so
// a hung browser fails instead of blocking CI.
func New(t testing.TB, width, height int) context.Context {
	t.Helper()
	exe := findChromium()
	if exe == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Chromium found: CI must install Debian's chromium (see .ci/run)")
		}
		t.Skip("no Chromium installed (apt-get install chromium); skipping the browser test")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(width, height),
	}
	ctx, cancelTimeout := context.WithTimeout(context.Background(), 3*time.Minute)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		cancelTimeout()
	})
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start %s: %v", exe, err)
	}
	return bctx
}

// Serve serves the directory dir on a free loopback port until the test
// ends and returns its base URL ("http://127.0.0.1:PORT"). Pretty URLs work
// as on a static host: /a/b/ serves a/b/index.html.
func Serve(t testing.TB, dir string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	mux := http.NewServeMux()
	fs := http.FileServer(http.Dir(dir))
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		fs.ServeHTTP(w, r)
	}))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// ArtifactDir is where tests leave screenshots for review: $ARTIFACTS, or
// artifacts/ at the repository root (git-ignored). It is created on demand.
func ArtifactDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("ARTIFACTS")
	if dir == "" {
		root, err := repoRoot()
		if err != nil {
			t.Fatalf("artifacts: %v", err)
		}
		dir = filepath.Join(root, "artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("artifacts: %v", err)
	}
	return dir
}

// Screenshot saves a full-page PNG of the current tab as name.png in
// ArtifactDir.
func Screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(ArtifactDir(t), name+".png")
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	t.Logf("screenshot: %s", p)
}

// repoRoot walks up from the working directory to the folder with go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// RepoRoot returns the repository root (the folder holding go.mod).
func RepoRoot(t testing.TB) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatalf("repository root: %v", err)
	}
	return root
}

// ScreenshotElement saves a PNG of the element matching sel as name.png in
// ArtifactDir.
func ScreenshotElement(t testing.TB, ctx context.Context, sel, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.Screenshot(sel))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(ArtifactDir(t), name+".png")
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	t.Logf("screenshot: %s", p)
}
