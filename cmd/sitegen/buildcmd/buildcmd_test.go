package buildcmd

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

func writeSite(t *testing.T, page string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"site.toml":           "title = \"T\"\n",
		"static/css/site.css": "body{}\n",
		"content/_index.md":   "---\ntitle: Home\n---\n",
		"content/a.md":        page,
	}
	sitetest.WriteFiles(t, dir, files)
	return dir
}

func TestRun(t *testing.T) {
	good := "---\ntitle: A\n---\n"
	bad := "---\ntitle: 3\n---\n\n[x](nope.md)\n"
	tests := []struct {
		name       string
		page       string
		args       func(dir string) []string
		code       int
		stdout     string // regexp
		stderr     string // regexp
		wantPublic bool
	}{
		{"success", good, func(d string) []string { return []string{"--source", d, "--base-url", "https://rules.test/"} }, 0, `^sitegen: sitegen layout \(site.toml\): pages from content/, static files from static/\n2 pages in \d+ ms\n$`, `^$`, true},
		{"placeholder base URL warns", good, func(d string) []string { return []string{"--source", d, "--base-url", "https://example.org/"} }, 0,
			`^sitegen: sitegen layout \(site.toml\): pages from content/, static files from static/\n2 pages in \d+ ms\n$`, `^sitegen build: warning: baseURL "https://example.org/" is a placeholder.*--base-url\n$`, true},
		{"no base URL warns", good, func(d string) []string { return []string{"--source", d} }, 0,
			`^sitegen: sitegen layout \(site.toml\): pages from content/, static files from static/\n2 pages in \d+ ms\n$`, `^sitegen build: warning: baseURL "/" has no host`, true},
		{"hugo short flags", good, func(d string) []string {
			return []string{"-s", d, "-d", filepath.Join(d, "out"), "-b", "http://x.test/", "-D"}
		}, 0, `^sitegen: .*\n2 pages in`, `^$`, false},
		{"errors as file:line:col", bad, func(d string) []string { return []string{"--source", d} }, 1, `^sitegen: sitegen layout`,
			`(?s)content/a\.md:2:1: title: must be a string, not an integer\n.*content/a\.md:5:1: broken link "nope\.md": content/nope\.md does not exist\n.*2 error\(s\)`, false},
		{"bad flag", good, func(d string) []string { return []string{"--nope"} }, 2, `^$`, `flag provided but not defined: -nope`, false},
		{"extra argument", good, func(d string) []string { return []string{"--source", d, "extra"} }, 2, `^$`, `unexpected argument "extra"`, false},
		{"help", good, func(d string) []string { return []string{"--help"} }, 0, `usage: sitegen build`, `^$`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSite(t, tt.page)
			var out, errb bytes.Buffer
			code := Run(context.Background(), tt.args(dir), &out, &errb)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, tt.code, errb.String())
			}
			if !regexp.MustCompile(tt.stdout).MatchString(out.String()) {
				t.Errorf("stdout = %q, want match %q", out.String(), tt.stdout)
			}
			if !regexp.MustCompile(tt.stderr).MatchString(errb.String()) {
				t.Errorf("stderr = %q, want match %q", errb.String(), tt.stderr)
			}
			_, err := os.Stat(filepath.Join(dir, "public", "index.html"))
			if got := err == nil; got != tt.wantPublic {
				t.Errorf("public/index.html exists = %v, want %v", got, tt.wantPublic)
			}
		})
	}
}

func TestErrorPathsRelativeToWorkingDir(t *testing.T) {
	dir := writeSite(t, "---\ntitle: [\n---\n")
	var out, errb bytes.Buffer
	Run(context.Background(), []string{"--source", dir}, &out, &errb)
	want := filepath.Join(dir, "content", "a.md") + ":2:"
	if !strings.HasPrefix(errb.String(), want) {
		t.Errorf("stderr = %q, want it to start with %q", errb.String(), want)
	}
}

// TestBrokenLinksAndAll: --broken-links warn builds a site with broken
// links (each a warning, counted by kind at the end); --all lists every
// one where the default lists ten of a kind and counts the rest; a build
// that fails on broken links says that --broken-links warn builds it; a
// bad --broken-links value is a usage error.
func TestBrokenLinksAndAll(t *testing.T) {
	var page strings.Builder
	page.WriteString("---\ntitle: A\n---\n\n")
	for i := range 14 {
		fmt.Fprintf(&page, "[x](nope%d.md) ", i)
	}
	page.WriteString("![i](gone.png)\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		lines  int    // lines of stderr naming content/a.md
		stderr string // regexp
	}{
		{"errors, summarised", nil, 1, 12, `(?s)… and 4 more of the same.*15 error\(s\): 14 broken link, 1 broken image\n` +
			`sitegen build: 15 of them are broken links: --broken-links warn builds the site with them as warnings`},
		{"errors, all", []string{"--all"}, 1, 15, `15 error\(s\): 14 broken link, 1 broken image\n.*--broken-links warn builds`},
		{"warnings, summarised", []string{"--broken-links", "warn"}, 0, 5, `(?s)warning: … and 11 more.*15 warning\(s\): 14 broken link, 1 broken image\n$`},
		{"warnings, all", []string{"--broken-links", "warn", "--all"}, 0, 15, `15 warning\(s\): 14 broken link, 1 broken image\n$`},
		{"bad mode", []string{"--broken-links", "maybe"}, 2, 0, `--broken-links "maybe": must be "warn" or "error"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSite(t, page.String())
			var out, errb bytes.Buffer
			code := Run(context.Background(), append([]string{"--source", dir, "--base-url", "https://rules.test/"}, tt.args...), &out, &errb)
			if code != tt.code {
				t.Fatalf("exit code = %d, want %d (stderr %q)", code, tt.code, errb.String())
			}
			if n := strings.Count(errb.String(), filepath.Join(dir, "content", "a.md")+":"); n != tt.lines {
				t.Errorf("%d lines name content/a.md, want %d:\n%s", n, tt.lines, errb.String())
			}
			if !regexp.MustCompile(tt.stderr).MatchString(errb.String()) {
				t.Errorf("stderr = %q, want match %q", errb.String(), tt.stderr)
			}
		})
	}
}

// TestNotPublishedReport: the build says what the tools' "do not publish"
// flags left out, counted by reason; --all lists each file; --drafts says
// how many are in the output all the same (issue 31, item 4).
func TestNotPublishedReport(t *testing.T) {
	dir := writeSite(t, "---\ntitle: A\ndraft: true\n---\n")
	sitetest.WriteFiles(t, dir, map[string]string{
		"content/b.md": "---\ntitle: B\ndraft: true\n---\n",
		"content/c.md": "---\ntitle: C\npublish: false\n---\n",
	})
	a, b, c := filepath.Join(dir, "content", "a.md"), filepath.Join(dir, "content", "b.md"), filepath.Join(dir, "content", "c.md")
	for _, tt := range []struct {
		args   []string
		stdout string // regexp
	}{
		{nil, `(?m)^sitegen: 3 not published: 2 draft: true, 1 publish: false \(Obsidian Publish\)\n1 pages in`},
		{[]string{"--all"}, `(?m)^sitegen: 3 not published: 2 draft: true, 1 publish: false \(Obsidian Publish\)\n  ` +
			regexp.QuoteMeta(a) + `: draft: true\n  ` + regexp.QuoteMeta(b) + `: draft: true\n  ` + regexp.QuoteMeta(c) + `: publish: false \(Obsidian Publish\)\n1 pages in`},
		{[]string{"--drafts"}, `(?m)^sitegen: 3 not published: .*\nsitegen: --drafts: 3 of them are in this output all the same \(2 draft: true, 1 publish: false \(Obsidian Publish\)\): a preview, not a site to deploy\n4 pages in`},
	} {
		var out, errb bytes.Buffer
		if code := Run(context.Background(), append([]string{"--source", dir, "--base-url", "https://rules.test/"}, tt.args...), &out, &errb); code != 0 {
			t.Fatalf("%v: exit code %d: %s", tt.args, code, errb.String())
		}
		if !regexp.MustCompile(tt.stdout).MatchString(out.String()) {
			t.Errorf("%v: stdout = %q, want match %q", tt.args, out.String(), tt.stdout)
		}
	}
}

// TestVitePressDefaultDest: `sitegen build` in a VitePress project whose
// public/ (the files VitePress publishes at the site's root) is at the
// source's root writes, without --dest, where vitepress build does
// (.vitepress/dist), not into public/, which it refused before.
func TestVitePressDefaultDest(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": "export default {title: 'V'}\n",
		"index.md":              "# Home\n\n![d6](/d6.svg)\n",
		"public/d6.svg":         "<svg/>",
	})
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"--source", dir}, &out, &errb); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	for _, rel := range []string{".vitepress/dist/index.html", ".vitepress/dist/d6.svg"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "public")); len(entries) != 1 {
		t.Errorf("public/ holds %d entries, want its one file", len(entries))
	}
}

// TestFailedBuildListsWarnings: a build that fails on an error lists its
// warnings too, a few of a kind by default and every one with --all, not
// only their count (issue 32: a failed build counted its warnings but
// listed none, even with --all).
func TestFailedBuildListsWarnings(t *testing.T) {
	var page strings.Builder
	page.WriteString("---\ntitle: A\n---\n\n")
	for i := range 5 {
		fmt.Fprintf(&page, "[x](nope%d.md) ", i)
	}
	page.WriteString("\n\n<iframe src=\"https://x.test/\"></iframe>\n")
	for _, tt := range []struct {
		args     []string
		warnings int // lines "sitegen build: warning: …content/a.md:…"
	}{
		{nil, 4},               // three broken links and the raw HTML (a fifth line counts the other two)
		{[]string{"--all"}, 6}, // every one
	} {
		dir := writeSite(t, page.String())
		sitetest.WriteFiles(t, dir, map[string]string{"content/b.md": "---\ntitle: [\n---\n"}) // an error
		var out, errb bytes.Buffer
		code := Run(context.Background(), append([]string{"--source", dir, "--base-url", "https://rules.test/", "--broken-links", "warn"}, tt.args...), &out, &errb)
		if code != 1 {
			t.Fatalf("%v: exit code = %d, want 1 (stderr %q)", tt.args, code, errb.String())
		}
		prefix := "sitegen build: warning: " + filepath.Join(dir, "content", "a.md") + ":"
		if n := strings.Count(errb.String(), prefix); n != tt.warnings {
			t.Errorf("%v: %d warning lines name content/a.md, want %d:\n%s", tt.args, n, tt.warnings, errb.String())
		}
		if !strings.Contains(errb.String(), "raw HTML") {
			t.Errorf("%v: the raw HTML warning is not listed:\n%s", tt.args, errb.String())
		}
	}
}

// TestTuneGC: a build collects at GCPercent under a soft
// limit of MemoryLimit (evaluate2 F6: without the limit a 38 MB docsify
// folder took 730 MB, "every input has a bound on time and memory");
// GOGC and GOMEMLIMIT in the environment are the user's and are kept.
func TestTuneGC(t *testing.T) {
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) })
	tests := []struct {
		name        string
		env         map[string]string
		wantPercent int
		wantLimit   int64
	}{
		{"default", nil, GCPercent, MemoryLimit},
		{"GOGC set", map[string]string{"GOGC": "100"}, 100, MemoryLimit},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, GCPercent, math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
			tuneGC(func(k string) string { return tt.env[k] })()
			if got := debug.SetGCPercent(100); got != tt.wantPercent {
				t.Errorf("GC percent = %d, want %d", got, tt.wantPercent)
			}
			if got := debug.SetMemoryLimit(-1); got != tt.wantLimit {
				t.Errorf("memory limit = %d, want %d", got, tt.wantLimit)
			}
		})
	}
}

// TestRaisedLimit: a live heap past half the soft limit raises the limit
// to LimitFactor times it, so that the collector does not run without
// pause (NC11: The-Dungeon-Archive's 15,175 notes hold ~300 MB live; under
// the 256 MiB limit the collector took 55% of the build's CPU, 44 s of
// user time where 18 s do without it); it never lowers the limit.
func TestRaisedLimit(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		live, limit uint64
		want        uint64
		raised      bool
	}{
		{live: 50 * mib, limit: MemoryLimit, want: MemoryLimit},
		{live: 128 * mib, limit: MemoryLimit, want: MemoryLimit},
		{live: 129 * mib, limit: MemoryLimit, want: 129 * mib * LimitFactor, raised: true},
		{live: 300 * mib, limit: MemoryLimit, want: 300 * mib * LimitFactor, raised: true},
		{live: 300 * mib, limit: 1000 * mib, want: 1000 * mib},
		{live: 600 * mib, limit: 1000 * mib, want: 600 * mib * LimitFactor, raised: true},
	}
	for _, tt := range tests {
		got, raised := raisedLimit(tt.live, tt.limit)
		if got != tt.want || raised != tt.raised {
			t.Errorf("raisedLimit(%d MiB, %d MiB) = %d MiB, %v; want %d MiB, %v", tt.live/mib, tt.limit/mib, got/mib, raised, tt.want/mib, tt.raised)
		}
	}
}

// TestWatchHeap: with the watcher running, a live heap past half the
// limit raises it after the next collection; stopped, it leaves the limit
// alone.
func TestWatchHeap(t *testing.T) {
	old := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(old) })
	debug.SetMemoryLimit(1 << 20) // 1 MiB: any test binary's live heap is past half of it
	stop := watchHeap()
	keep := make([]byte, 4<<20)
	for range 3 {
		runtime.GC()
	}
	runtime.KeepAlive(keep)
	stop()
	if got := debug.SetMemoryLimit(-1); got <= 1<<20 {
		t.Fatalf("limit %d after collections with a live heap past it: not raised", got)
	}
	debug.SetMemoryLimit(1 << 20)
	for range 3 {
		runtime.GC()
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<20 {
		t.Errorf("limit %d after the watcher stopped, want it left at 1 MiB", got)
	}
}

// TestVaultPluginBlocks: `sitegen build` draws a vault's Draw Steel
// abilities (eval9A NA3: Titanwake's 1,249 ```ds-feature blocks were
// shown as YAML), and a block it cannot read stays code with a warning at
// its line in lenient mode, the note published, as the plugin shows its
// error in the note (strict mode stops, as for any tolerance).
func TestVaultPluginBlocks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".obsidian/app.json": "{}",
		"Two Shot.md": "# Two Shot\n\n```ds-feature\ntype: feature\nfeature_type: ability\nname: Two Shot\nkeywords:\n  - Ranged\neffects:\n" +
			"  - roll: Power Roll + Might or Agility\n    tier1: 4 damage\n    tier2: 6 damage\n    tier3: 8 damage\n```\n",
		"Broken.md": "# Broken\n\n```ds-pr\nname: [\n```\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"--source", dir, "--dest", dest, "--base-url", "https://rules.test/", "--broken-links", "warn"}, &out, &errb); code != 0 {
		t.Fatalf("exit code %d: %s", code, errb.String())
	}
	page, err := os.ReadFile(filepath.Join(dest, "two-shot", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<section class="statblock statblock-ds" aria-label="Stat block: Two Shot">`, "<td>8 damage</td>",
		"Chances by Might or Agility score", `<th scope="row">+2</th><td>36%</td><td>43%</td><td>21%</td>`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("two-shot: %q not in the page", want)
		}
	}
	if strings.Contains(string(page), "tier1:") {
		t.Error("two-shot: the block's YAML is printed")
	}
	if !regexp.MustCompile(`warning: .*Broken\.md:4:\d+: ds-pr block: invalid YAML`).MatchString(errb.String()) {
		t.Errorf("no warning at Broken.md's bad line:\n%s", errb.String())
	}
	broken, err := os.ReadFile(filepath.Join(dest, "broken", "index.html"))
	if err != nil || !strings.Contains(string(broken), "name: [") {
		t.Errorf("the unreadable block is not kept as code: %v", err)
	}
}
