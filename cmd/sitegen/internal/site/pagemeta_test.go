package site

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestDocumentTitles checks that pages of the same name in different
// game systems get different <title>s: the system goes into the title.
func TestDocumentTitles(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/alpha/_index.md": "---\ntitle: Alpha Game\n---\n",
		"content/alpha/attack.md": "---\ntitle: Attacking\n---\n",
		"content/beta/_index.md":  "---\ntitle: Beta Game\n---\n",
		"content/beta/attack.md":  "---\ntitle: Attacking\n---\n",
		"content/beta/more/x.md":  "---\ntitle: Deep\n---\n",
		"content/glossary.md":     "---\ntitle: Glossary\n---\n",
	})
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	for file, want := range map[string]string{
		"index.html":              "<title>Test</title>",
		"alpha/index.html":        "<title>Alpha Game · Test</title>",
		"alpha/attack/index.html": "<title>Attacking · Alpha Game · Test</title>",
		"beta/attack/index.html":  "<title>Attacking · Beta Game · Test</title>",
		"beta/more/x/index.html":  "<title>Deep · Beta Game · Test</title>",
		"glossary/index.html":     "<title>Glossary · Test</title>",
	} {
		if !strings.Contains(out[file], want) {
			t.Errorf("%s: want %s", file, want)
		}
	}
}

// TestEditLinkAndUpdated checks "Edit this page" (site.toml editURL plus
// the source path) and "Last updated" from the file time outside git.
func TestEditLinkAndUpdated(t *testing.T) {
	src := writeTree(t, map[string]string{
		"site.toml":           "title = \"Test\"\nbaseURL = \"https://rules.test/\"\neditURL = \"https://git.test/me/site/edit/main/\"\n",
		"content/a/_index.md": "---\ntitle: A\n---\n",
		"content/a/page.md":   "---\ntitle: Page\n---\n",
	})
	when := time.Date(2024, 3, 9, 12, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(src, "content/a/page.md"), when, when); err != nil {
		t.Fatal(err)
	}
	res, err := build(t, src, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 0 {
		t.Errorf("warnings for a real base URL: %q", res.Warnings)
	}
	page := readTree(t, filepath.Join(src, "public"))["a/page/index.html"]
	for _, want := range []string{
		`<a class="edit-link" href="https://git.test/me/site/edit/main/content/a/page.md"`,
		`Last updated <time datetime="2024-03-09">9 March 2024</time>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}

	bad := writeTree(t, map[string]string{"site.toml": "title = \"T\"\neditURL = \"github.com/x\"\n"})
	_, err = build(t, bad, content.Options{})
	if err == nil || !strings.Contains(err.Error(), "site.toml:2:") || !strings.Contains(err.Error(), "editURL") {
		t.Errorf("a relative editURL: error %v, want one at site.toml:2 naming editURL", err)
	}
}

// TestUpdatedFromGit checks that a page in a git repository shows the
// time of its last commit, not its file time.
func TestUpdatedFromGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	src := writeTree(t, map[string]string{
		"content/a/_index.md": "---\ntitle: A\n---\n",
		"content/a/page.md":   "---\ntitle: Page\n---\n",
	})
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", src, "-c", "user.name=T", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("", "init", "-q")
	git("2021-05-04T10:00:00Z", "add", "-A")
	git("2021-05-04T10:00:00Z", "commit", "-q", "-m", "one")
	if err := os.WriteFile(filepath.Join(src, "content/a/page.md"), []byte("---\ntitle: Page\n---\nMore.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("2022-06-07T10:00:00Z", "commit", "-q", "-am", "two")
	if _, err := build(t, src, content.Options{}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, filepath.Join(src, "public"))
	for file, want := range map[string]string{
		"a/page/index.html": `<time datetime="2022-06-07">`,
		"a/index.html":      `<time datetime="2021-05-04">`,
	} {
		if !strings.Contains(out[file], want) {
			t.Errorf("%s: want %s", file, want)
		}
	}
}

// TestPlaceholderBaseURL checks that a build for a placeholder or
// host-less base URL warns, and one for a real address does not.
func TestPlaceholderBaseURL(t *testing.T) {
	for _, tc := range []struct {
		base string
		warn bool
	}{
		{"https://example.org/", true},
		{"https://docs.example.com/rules/", true},
		{"/", true},
		{"https://rules.test/", false},
		{"https://d6codex.example.games/", false},
	} {
		c := &content.Config{BaseURL: tc.base}
		if got := c.PlaceholderBaseURL() != ""; got != tc.warn {
			t.Errorf("%s: warns %v, want %v", tc.base, got, tc.warn)
		}
	}
	src := writeTree(t, map[string]string{})
	res, err := build(t, src, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "example.org") {
		t.Errorf("warnings %q, want one naming example.org", res.Warnings)
	}
}
