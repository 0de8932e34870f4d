package site

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestToolsAgree builds small projects with Hugo, Jekyll and MkDocs
// themselves, when they are installed, and checks that sitegen publishes
// the same pages as the tool does: no page the tool keeps private (issue
// 31, item 4). CI installs the three (.ci/run); elsewhere a missing tool,
// or an MkDocs older than the rules checked, skips its case and says so.
func TestToolsAgree(t *testing.T) {
	tests := []struct {
		name  string
		tool  string
		files map[string]string
		run   func(t *testing.T, bin, src, dest string) // builds with the tool into dest
	}{
		{
			name: "hugo", tool: "hugo",
			files: map[string]string{
				"hugo.toml":                    "baseURL = \"https://h.test/\"\ntitle = \"H\"\ndisableKinds = [\"taxonomy\", \"term\", \"RSS\"]\n",
				"layouts/_default/single.html": "{{ .Title }}\n",
				"layouts/_default/list.html":   "{{ .Title }}\n",
				"content/_index.md":            "---\ntitle: Home\n---\n",
				"content/plain.md":             "---\ntitle: Plain\n---\n",
				"content/draft.md":             "---\ntitle: Draft\ndraft: true\n---\n",
				"content/future.md":            "---\ntitle: Future\npublishDate: 2999-01-01\n---\n",
				"content/later.md":             "---\ntitle: Later\ndate: 2999-01-01\n---\n",
				"content/laterpub.md":          "---\ntitle: Later but published\ndate: 2999-01-01\npublishDate: 2001-01-01\n---\n",
				"content/expired.md":           "---\ntitle: Expired\nexpiryDate: 2001-01-01\n---\n",
				"content/old.md":               "---\ntitle: Old\n_build:\n  render: false\n---\n",
				"content/oldnever.md":          "---\ntitle: Old never\n_build:\n  render: never\n---\n",
				"content/unlisted.md":          "---\ntitle: Unlisted\n_build:\n  list: never\n---\n",
				"content/b/index.md":           "---\ntitle: Headless\nheadless: true\n---\n",
				"content/internal/_index.md":   "---\ntitle: Internal\ncascade:\n  _build:\n    render: never\n---\n",
				"content/internal/p.md":        "---\ntitle: P\n---\n",
				"content/sec/_index.md":        "---\ntitle: Sec\ncascade:\n  - draft: true\n    _target:\n      path: /sec/d*\n---\n",
				"content/sec/dpage.md":         "---\ntitle: D\n---\n",
				"content/sec/epage.md":         "---\ntitle: E\n---\n",
			},
			run: func(t *testing.T, bin, src, dest string) {
				runTool(t, src, bin, "--quiet", "--source", src, "--destination", dest)
			},
		},
		{
			name: "jekyll", tool: "jekyll",
			files: map[string]string{
				"_config.yml":   "title: J\n",
				"index.md":      "---\ntitle: Home\n---\nhome\n",
				"secret.md":     "---\ntitle: Secret\npublished: false\n---\nsecret\n",
				"_drafts/d.md":  "---\ntitle: D\n---\ndraft\n",
				"docs/pub.md":   "---\ntitle: Pub\n---\npub\n",
				"docs/index.md": "---\ntitle: Docs\n---\ndocs\n",
			},
			run: func(t *testing.T, bin, src, dest string) {
				runTool(t, src, bin, "build", "--quiet", "--safe", "--source", src, "--destination", dest)
			},
		},
		{
			name: "mkdocs", tool: "mkdocs",
			files: map[string]string{
				"mkdocs.yml":            "site_name: M\nexclude_docs: |\n  *.py\n  /private/\n  !/private/keep.md\n  !/private/index.md\ndraft_docs: |\n  drafts/\n",
				"docs/index.md":         "# Home\n",
				"docs/a.md":             "# A\n",
				"docs/private/a.md":     "# P\n",
				"docs/private/keep.md":  "# K\n",
				"docs/private/index.md": "# Private, but this page\n",
				"docs/drafts/x.md":      "# X\n",
				"docs/templates/t.md":   "# T\n",
			},
			run: func(t *testing.T, bin, src, dest string) {
				v := runTool(t, src, bin, "--version")
				m := regexp.MustCompile(`version (\d+)\.(\d+)`).FindStringSubmatch(v)
				if m == nil {
					t.Skipf("mkdocs --version says %q", v)
				}
				major, _ := strconv.Atoi(m[1])
				minor, _ := strconv.Atoi(m[2])
				if major == 1 && minor < 6 {
					t.Skipf("mkdocs %s.%s is older than 1.6: no draft_docs (new in 1.6) and an exclude_docs that serve still shows (changed in 1.6)", m[1], m[2])
				}
				runTool(t, src, bin, "build", "--quiet", "--site-dir", dest, "--config-file", filepath.Join(src, "mkdocs.yml"))
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bin, err := exec.LookPath(tt.tool)
			if err != nil {
				t.Skipf("%s is not installed (CI installs it): sitegen's rules are checked against the tool's docs only", tt.tool)
			}
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tt.files)
			toolOut := filepath.Join(t.TempDir(), "tool")
			tt.run(t, bin, src, toolOut)
			want := pagesOf(t, toolOut)
			dest := filepath.Join(t.TempDir(), "sitegen")
			if _, err := build(t, src, Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatalf("sitegen: %v", err)
			}
			got := pagesOf(t, dest)
			if !slices.Equal(got, want) {
				t.Errorf("sitegen publishes %v\n%s publishes %v", got, tt.tool, want)
			}
		})
	}
}

// runTool runs a tool in dir, with a deadline, and returns its output.
func runTool(t *testing.T, dir, bin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "JEKYLL_ENV=production", "HUGO_ENVIRONMENT=production")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, out)
	}
	return string(out)
}

// pagesOf lists the pages of a built site as site paths ("/a/"), for a
// tool that writes a.html or a/index.html alike; the 404 page, tag pages,
// the search and the theme's own pages are left out.
func pagesOf(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if rel == "404.html" || strings.HasPrefix(rel, "tags/") || strings.HasPrefix(rel, "search/") || strings.HasPrefix(rel, "assets/") {
			return nil
		}
		u := "/" + strings.TrimSuffix(strings.TrimSuffix(rel, ".html"), "index")
		if !strings.HasSuffix(u, "/") {
			u += "/"
		}
		out = append(out, u)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}
