package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestSelfContainedBinary builds sitegen as `make sitegen` does, copies it
// into an empty folder far from the repository and runs it with an empty
// environment (no Go on PATH, an empty HOME): `sitegen new site` and
// `sitegen build` must give a site with working calculator assets, the
// default theme and a picture of the site's own, from the binary alone.
func TestSelfContainedBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the calculators' modules and sitegen")
	}
	root := browser.RepoRoot(t)
	gen := exec.Command("go", "run", "./cmd/sitegen/internal/wasmbuild/embedgen")
	gen.Dir = root
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("embedgen: %v\n%s", err, out)
	}
	bin := filepath.Join(t.TempDir(), "sitegen")
	build := exec.Command("go", "build", "-o", bin, "./cmd/sitegen")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
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
}
