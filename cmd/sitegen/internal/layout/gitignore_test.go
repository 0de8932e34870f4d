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

// TestGitignoreFiles checks ReadGitignores (GitBase: a folder of Markdown
// read as the repository it is) against git itself, for .gitignore files
// at the root and in folders below it, and against the rules of git's
// documentation (https://git-scm.com/docs/gitignore), which it quotes:
//
//   - "Each line in a gitignore file specifies a pattern. [...] Patterns
//     read from a .gitignore file in the same directory as the path, or in
//     any parent directory (up to the top-level of the working tree), with
//     patterns in the higher level files being overridden by those in
//     lower level files down to the directory containing the file. These
//     patterns match relative to the location of the .gitignore file."
//   - "An optional prefix "!" which negates the pattern; any matching file
//     excluded by a previous pattern will become included again. It is not
//     possible to re-include a file if a parent directory of that file is
//     excluded."
//   - "If there is a separator at the beginning or middle (or both) of the
//     pattern, then the pattern is relative to the directory level of the
//     particular .gitignore file itself. Otherwise the pattern may also
//     match at any level below the .gitignore level."
//   - "If there is a separator at the end of the pattern then the pattern
//     will only match directories".
//   - "For example, a pattern doc/frotz/ matches doc/frotz directory, but
//     not a/doc/frotz directory; however frotz/ matches frotz and a/frotz
//     that is a directory".
//   - "Trailing spaces are ignored unless they are quoted with backslash"
//     (a line of spaces is a blank line: "A blank line matches no files").
//   - "Patterns which are specific to a particular repository but which
//     do not need to be shared with other related repositories (e.g.,
//     auxiliary files that live inside the repository but are specific to
//     one user's workflow) should go into the $GIT_DIR/info/exclude
//     file", below every .gitignore in precedence (a .gitignore's "!"
//     re-includes what it leaves out).
//
// Hidden folders are not read (nothing in them is published), nor is a
// .gitignore through a link out of the source (TestGitignoreLinkOut).
func TestGitignoreFiles(t *testing.T) {
	files := map[string]string{
		".gitignore":           "# root\nsecret.md\ngm/\n*.secret.md\n!keep.secret.md\n!gm/open.md\n/top.md\ndoc/frotz/\nfrotz2/\n*.draft.md\n   \n",
		"lore/.gitignore":      "spoiler.md\n/anchored.md\nsub/mid.md\n!/un.secret.md\n",
		"notes/.gitignore":     "!ok.draft.md\ndir/\n",
		"notes/dir/.gitignore": "!inside.md\n",
		"a/b/.gitignore":       "**/deep.md\nc/\n",
		".hidden/.gitignore":   "*\n",
		".git/info/exclude":    "# mine\nmine.md\nlocal/\nkeep.secret.md\n",
	}
	paths := []string{
		"secret.md", "x/secret.md", "gm/scene.md", "gm/open.md", "x/gm/y.md", "a.secret.md", "x/b.secret.md", "keep.secret.md",
		"top.md", "x/top.md", "doc/frotz/a.md", "a/doc/frotz/a.md", "frotz2/a.md", "a/frotz2/a.md",
		"lore/spoiler.md", "lore/x/spoiler.md", "spoiler.md", "lore/anchored.md", "lore/x/anchored.md", "anchored.md",
		"lore/sub/mid.md", "lore/x/sub/mid.md", "lore/un.secret.md", "un.secret.md", "lore/x/un.secret.md",
		"notes/ok.draft.md", "notes/x.draft.md", "ok.draft.md", "notes/dir/inside.md", "dir/inside.md",
		"a/b/deep.md", "a/b/x/y/deep.md", "a/deep.md", "a/b/c/z.md", "a/c/z.md", "plain.md",
		"mine.md", "x/mine.md", "local/a.md",
	}
	want := map[string]bool{ // from the documentation's rules, as quoted
		"secret.md": true, "x/secret.md": true, "gm/open.md": true, "keep.secret.md": false,
		"top.md": true, "x/top.md": false, "doc/frotz/a.md": true, "a/doc/frotz/a.md": false,
		"frotz2/a.md": true, "a/frotz2/a.md": true,
		"lore/spoiler.md": true, "lore/x/spoiler.md": true, "spoiler.md": false,
		"lore/anchored.md": true, "lore/x/anchored.md": false, "lore/sub/mid.md": true, "lore/x/sub/mid.md": false,
		"lore/un.secret.md": false, "lore/x/un.secret.md": true,
		"notes/ok.draft.md": false, "notes/x.draft.md": true, "ok.draft.md": true, "notes/dir/inside.md": true,
		"a/b/x/y/deep.md": true, "a/deep.md": false, "a/b/c/z.md": true, "a/c/z.md": false, "plain.md": false,
		"mine.md": true, "x/mine.md": true, "local/a.md": true,
	}
	repo := t.TempDir()
	for name, body := range files {
		writeFile(t, repo, name, body)
	}
	for _, p := range paths {
		writeFile(t, repo, p, "")
	}
	g, err := ReadGitignores(repo, ".", GitBase)
	if err != nil || g == nil {
		t.Fatal(g, err)
	}
	for p, w := range want {
		if got := g.Match(p, false); got != w {
			t.Errorf("Match(%q) = %v, want %v", p, got, w)
		}
	}
	if g.Match("plain.md", false) || g.Match("x", true) {
		t.Error(".hidden/.gitignore was read")
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed: the oracle of the rest of this test")
	}
	cmd := exec.Command(git, "init", "-q")
	cmd.Dir = repo
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	cmd = exec.Command(git, "check-ignore", "--no-index", "--stdin")
	cmd.Dir = repo
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\n") + "\n")
	out, _ := cmd.Output() // exits 1 when nothing matches
	ignored := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		ignored[line] = line != ""
	}
	if len(ignored) < 2 {
		t.Fatal("git check-ignore reported nothing: the oracle did not run")
	}
	for _, p := range paths {
		if got := g.Match(p, false); got != ignored[p] {
			t.Errorf("Match(%q) = %v, git: %v", p, got, ignored[p])
		}
	}
}

// A .gitignore that is a link out of the source folder is a settings file
// like any: refused unread, the error naming it.
func TestGitignoreLinkOut(t *testing.T) {
	repo, out := t.TempDir(), t.TempDir()
	writeFile(t, out, "secret", "x\n")
	writeFile(t, repo, "a/page.md", "")
	if err := os.Symlink(filepath.Join(out, "secret"), filepath.Join(repo, "a", ".gitignore")); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadGitignores(repo, ".", GitBase); err == nil || !strings.Contains(err.Error(), "a/.gitignore") || !strings.Contains(err.Error(), "outside the site folder") {
		t.Errorf("ReadGitignores = %v, want an error naming a/.gitignore, a link out", err)
	}
}

func writeFile(t *testing.T, dir, rel, body string) {
	t.Helper()
	f := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// "Two consecutive asterisks ("**") in patterns matched against full
// pathname may have special meaning: A leading "**" followed by a slash
// means match in all directories" (https://git-scm.com/docs/gitignore):
// "**/**/x.md" matches what "**/x.md" does, and is read as it, so that a
// pattern of 200 of them costs what one does. Found by the fifth probe:
// such a .gitignore line took 27 s over a 50-deep folder.
func TestIgnoreRepeatedStars(t *testing.T) {
	for _, line := range []string{strings.Repeat("**/", 200) + "x.md", "a/" + strings.Repeat("**/", 50) + "x.md"} {
		want := strings.Replace(line, strings.Repeat("**/", strings.Count(line, "**/")), "**/", 1)
		got, one := ParseIgnore(line), ParseIgnore(want)
		if got.rules[0].re.String() != one.rules[0].re.String() {
			t.Errorf("%.20s…: %s, want %s", line, got.rules[0].re, one.rules[0].re)
		}
	}
}

// BenchmarkGitignoreDeep matches a 50-deep path against git's rules (every
// folder on the way is checked once: a path in an excluded folder stays
// out).
func BenchmarkGitignoreDeep(b *testing.B) {
	g := ParseIgnore("**/x.md", "a*a*a*a*b", "/d/d/d/keep/", "!**/y.md", "*.tmp")
	g.git = true
	p := strings.Repeat("d/", 50) + "z.md"
	for b.Loop() {
		g.Match(p, false)
	}
}
