// Package browser is the harness of the real-browser tests: it starts
// headless Chromium (Debian's chromium package) through chromedp and serves
// a built site on a loopback port.
//
// Tests skip when no Chromium is installed, except under CI (CI=true),
// where a missing browser is a failure: .ci/run installs it.
package browser

import (
	"context"
	"fmt"
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

// Find returns the browser executable: $CHROMIUM, or the first of the
// usual names on PATH; "" when there is none.
func Find() string { return findChromium() }

// Start starts headless Chromium (exe) with a fresh profile in userDataDir
// and returns a chromedp context for one tab with the given viewport. The
// cancel func stops the browser.
func Start(exe, userDataDir string, width, height int) (context.Context, context.CancelFunc, error) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(userDataDir),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(width, height),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelTab := chromedp.NewContext(actx)
	cancel := func() {
		cancelTab()
		cancelAlloc()
	}
	if err := chromedp.Do(bctx); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("start %s: %w", exe, err)
	}
	return bctx, cancel, nil
}

// New starts a headless browser for the test and returns a chromedp
// context for one tab with the given viewport, closed when the test ends.
// Each call has its own profile. A watchdog fails the test after three
// minutes, so a hung browser cannot block CI.
func New(t testing.TB, width, height int) context.Context {
	t.Helper()
	exe := findChromium()
	if exe == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Chromium found: CI must install Debian's chromium (see .ci/run)")
		}
		t.Skip("no Chromium installed (apt-get install chromium); skipping the browser test")
	}
	ctx, cancel, err := Start(exe, t.TempDir(), width, height)
	if err != nil {
		t.Fatal(err)
	}
	// A hung browser must not hold the suite until go test's own timeout;
	// the longest browser test (hundreds of hostile inputs) takes about
	// three minutes on a loaded two-core machine, so allow well over that.
	watchdog := time.AfterFunc(8*time.Minute, cancel)
	t.Cleanup(func() {
		watchdog.Stop()
		cancel()
	})
	return ctx
}

// ServeDir serves dir on a free loopback port and returns its base URL
// ("http://127.0.0.1:PORT") and a func that stops the server. Pretty URLs
// work as on a static host (/a/b/ serves a/b/index.html), and .wasm files
// are sent as application/wasm.
func ServeDir(dir string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("listen: %w", err)
	}
	files := http.FileServer(http.Dir(dir))
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		files.ServeHTTP(w, r)
	})}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

// Serve serves the directory dir until the test ends and returns its base
// URL (see ServeDir).
func Serve(t testing.TB, dir string) string {
	t.Helper()
	u, stop, err := ServeDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return u
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
	saveShot(t, name, buf, err)
}

// saveShot writes a screenshot taken with err as name.png in ArtifactDir.
func saveShot(t testing.TB, name string, png []byte, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(ArtifactDir(t), name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	t.Logf("screenshot: %s", p)
}

// FindRepoRoot walks up from the working directory to the folder with
// go.mod (for TestMain, which has no testing.TB).
func FindRepoRoot() (string, error) { return repoRoot() }

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
	saveShot(t, name, buf, err)
}
