package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestSelfContainedBinary builds sitegen with `make sitegen` into an empty
// folder far from the repository and runs it with an empty environment
// (no Go on PATH, an empty HOME): `sitegen new site` and `sitegen build`
// must give a site with working calculator assets, the default theme and
// a picture of the site's own, from the binary alone, and without
// compressing a module: they are embedded compressed, so the build cache
// in HOME gets no compressed module (issue 26; BenchmarkFirstBuild times
// that build).
func TestSelfContainedBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the calculators' modules and sitegen")
	}
	bin := makeSitegen(t)
	work, home := t.TempDir(), t.TempDir()
	run := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + home} // no PATH: no go, nothing else
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("sitegen %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run(work, "new", "site", "rules")
	src := filepath.Join(work, "rules")
	sitetest.WriteFiles(t, src, map[string]string{
		"static/img/map.svg": `<svg xmlns="http://www.w3.org/2000/svg"/>`,
		"content/map.md":     "# The map\n\n![The battle map](/img/map.svg)\n",
	})
	run(src, "build")
	pub := filepath.Join(src, "public")
	page, err := os.ReadFile(filepath.Join(pub, "combat", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	if n := strings.Count(html, `data-calc="`); n != 2 || !strings.Contains(html, `data-calc="dice/roll"`) {
		t.Errorf("combat page has %d calculators, want a game's and the dice block", n)
	}
	if !strings.Contains(html, `id="table-`) {
		t.Error("combat page lacks its rules table")
	}
	// Every asset the page names exists: the theme's, the modules, wasm_exec.js.
	for _, m := range regexp.MustCompile(`(?:href|src|data-wasm|data-worker|data-exec)="(/[^"]+\.(?:css|js|wasm))"`).FindAllStringSubmatch(html, -1) {
		if _, err := os.Stat(filepath.Join(pub, filepath.FromSlash(m[1]))); err != nil {
			t.Errorf("the page names %s, which was not published: %v", m[1], err)
		}
	}
	if _, err := os.Stat(filepath.Join(pub, "img", "map.svg")); err != nil {
		t.Errorf("the site's own picture was not published: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(pub, "css", "site.*.css")); len(m) != 1 {
		t.Errorf("the default theme's stylesheet: %v", m)
	}
	if !strings.Contains(run(work, "dice", "3d6"), `"mean":10.5`) {
		t.Error("sitegen dice does not work from the binary alone")
	}
	// The build compressed no module: the cache (Cache.Compressed, keyed
	// by the SHA-256 of what it compresses) holds no entry for one.
	modules, _ := filepath.Glob(filepath.Join(pub, "calc", "*.wasm"))
	if len(modules) == 0 {
		t.Fatal("no module published")
	}
	entries, err := filepath.Glob(filepath.Join(home, ".cache", "d6codex", "precompressed", "*"))
	if err != nil || len(entries) == 0 {
		t.Fatalf("no compressed entry in the build cache under HOME (%v): is it still where the test looks?", err)
	}
	for _, m := range modules {
		data, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		for _, e := range entries {
			if strings.HasPrefix(filepath.Base(e), hex.EncodeToString(sum[:])+".") {
				t.Errorf("the build compressed %s (cache entry %s)", filepath.Base(m), filepath.Base(e))
			}
		}
		for _, enc := range []string{".br", ".gz"} {
			if _, err := os.Stat(m + enc); err != nil {
				t.Errorf("%s has no %s sibling: %v", filepath.Base(m), enc, err)
			}
		}
	}
}

// makeSitegen builds sitegen as a user does, `make sitegen` (the modules
// compiled and compressed, then embedded), into a temporary folder.
func makeSitegen(tb testing.TB) string {
	tb.Helper()
	bin := filepath.Join(tb.TempDir(), "sitegen")
	mk := exec.Command("make", "--no-print-directory", "sitegen", "SITEGEN="+bin)
	mk.Dir = browser.RepoRoot(tb)
	if out, err := mk.CombinedOutput(); err != nil {
		tb.Fatalf("make sitegen: %v\n%s", err, out)
	}
	return bin
}

// BenchmarkFirstBuild times a new user's first build: the binary of
// `make sitegen`, outside the repository, with an empty HOME (an empty
// build cache), on a new site (`sitegen new site`), which has calculators
// and a dice block (issue 26).
// Besides the wall time it reports the build's CPU time (user + system),
// which other work on a shared machine disturbs less.
func BenchmarkFirstBuild(b *testing.B) {
	bin := makeSitegen(b)
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		work, home := b.TempDir(), b.TempDir()
		sitegen := func(dir string, args ...string) *os.ProcessState {
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			cmd.Env = []string{"HOME=" + home}
			if out, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("sitegen %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			return cmd.ProcessState
		}
		sitegen(work, "new", "site", "rules")
		b.StartTimer()
		st := sitegen(filepath.Join(work, "rules"), "build")
		cpu += st.UserTime() + st.SystemTime()
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/op")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}
