package layout

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestIgnoreAgainstGit checks Ignore against git itself (git check-ignore
// on a throwaway repository holding the same patterns and paths), for the
// pattern shapes of the .gitignore format MkDocs' exclude_docs and
// draft_docs examples use, and more, but where MkDocs parts from git.
// Skipped without git (CI has it).
func TestIgnoreAgainstGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed: the oracle of this test")
	}
	patterns := strings.Join([]string{
		"# a comment",
		"api-config.json",
		"/requirements.txt",
		"*.py",
		"!/foo/example.py",
		"drafts/",
		"*_unpublished.md",
		"!/foo_unpublished.md",
		"/templates/",
		"a/**/z.md",
		"**/deep",
		"logs/**",
		"doc/*.txt",
		"[ab]x.md",
		"q?.md",
		"trail\\ ",
		"\\#hash.md",
		"private/",
		"!private/keep.md", // cannot re-include: its folder is excluded
		"lib",
		"!lib/keep",
	}, "\n")
	paths := []string{
		"api-config.json", "x/api-config.json", "requirements.txt", "x/requirements.txt",
		"a.py", "foo/example.py", "foo/other.py", "bar/foo/example.py",
		"drafts/a.md", "x/drafts/b.md", "drafts.md", "x_unpublished.md", "foo_unpublished.md", "y/foo_unpublished.md",
		"templates/t.md", "x/templates/t.md", "a/z.md", "a/b/c/z.md", "b/a/z.md", "deep/x.md", "q/r/deep/x.md",
		"logs/a/b.md", "logs.md", "doc/a.txt", "doc/sub/a.txt", "ax.md", "bx.md", "cx.md", "q1.md", "q12.md",
		"trail ", "#hash.md", "private/keep.md", "private/a.md", "lib/keep", "lib/x", "src/lib/keep",
		"ok/page.md",
	}
	repo := t.TempDir()
	run := func(stdin string, args ...string) string {
		cmd := exec.Command(git, args...)
		cmd.Dir = repo
		cmd.Stdin = strings.NewReader(stdin)
		var out bytes.Buffer
		cmd.Stdout = &out
		_ = cmd.Run() // check-ignore exits 1 when nothing matches
		return out.String()
	}
	run("", "init", "-q")
	if err := os.WriteFile(filepath.Join(repo, ".gitignore"), []byte(patterns+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		f := filepath.Join(repo, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ignored := map[string]bool{}
	for _, line := range strings.Split(run(strings.Join(paths, "\n")+"\n", "check-ignore", "--no-index", "--stdin"), "\n") {
		if line != "" {
			ignored[line] = true
		}
	}
	if len(ignored) == 0 {
		t.Fatal("git check-ignore reported nothing: the oracle did not run")
	}
	// Where MkDocs' matcher (pathspec) and git part: "!" re-includes a
	// file of an excluded folder (see Ignore); TestUnpublished in package
	// testing/conformance checks it against mkdocs itself.
	pathspec := map[string]bool{"private/keep.md": false, "lib/keep": false}
	g := ParseIgnore(patterns)
	for _, p := range paths {
		want := ignored[p]
		if w, ok := pathspec[p]; ok {
			if want == w {
				t.Errorf("git and pathspec agree on %s now: drop it from the list", p)
			}
			want = w
		}
		if got := g.Match(p, false); got != want {
			t.Errorf("Match(%q) = %v, want %v (git: %v)", p, got, want, ignored[p])
		}
	}
}
