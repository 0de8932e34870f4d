package site

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// The hostile suite of issue 31's "private stays private": a source whose
// roots, settings or pages reach, through a link or a setting, what its
// author never meant to publish. Every case is built with a secret beside
// the project ("home", outside the source folder) and a secret inside it
// (a hidden folder), and no case may put either into the output or into a
// message.

// secretOutside and secretHidden are the bytes no build may publish or
// quote.
const (
	secretOutside = "SECRET-OUTSIDE-4f1c"
	secretHidden  = "SECRET-HIDDEN-9a2e"
)

// privateProject writes the project files under DIR/site and the user's
// files a project must never reach under DIR/home (a key, a note), and
// makes the links: link path (relative to the site) -> target, where
// "$HOME" stands for the absolute home folder and "$SITE" for the site
// folder; other targets are written as they are (relative to the link).
// It returns the site folder.
func privateProject(t *testing.T, files, links map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "site")
	home := filepath.Join(dir, "home")
	sitetest.WriteFiles(t, home, map[string]string{
		".ssh/id_rsa":   secretOutside,
		"keys/id_rsa":   secretOutside,
		"notes/a.md":    "---\ntitle: Secret\n---\n" + secretOutside + "\n",
		"credentials":   "[default]\naws_access_key_id = " + secretOutside + "\n",
		"settings.toml": "title = \"" + secretOutside + "\"\n",
	})
	sitetest.WriteFiles(t, src, files)
	for link, target := range links {
		target = strings.ReplaceAll(target, "$HOME", home)
		target = strings.ReplaceAll(target, "$SITE", src)
		l := filepath.Join(src, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(l), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, l); err != nil {
			t.Fatal(err)
		}
	}
	return src
}

// assertNothingLeaked fails when a secret is in err's text or in any file
// under dest.
func assertNothingLeaked(t *testing.T, dest string, err error, warnings ...string) {
	t.Helper()
	text := strings.Join(warnings, "\n")
	if err != nil {
		text += err.Error()
	}
	for _, secret := range []string{secretOutside, secretHidden} {
		if strings.Contains(text, secret) {
			t.Errorf("a message quotes a private file: %s", text)
		}
	}
	if _, serr := os.Stat(dest); serr != nil {
		return
	}
	for name, body := range readTree(t, dest) {
		for _, secret := range []string{secretOutside, secretHidden} {
			if strings.Contains(body, secret) || strings.Contains(name, "id_rsa") {
				t.Errorf("%s is published from a private file", name)
			}
		}
	}
}

// TestPrivateRoots is issue 31, item 1: the rule "links are followed only
// inside the source folder" holds for the roots a layout reads (the
// content folder, the static folders, Jekyll's source:, MkDocs' docs_dir,
// Hugo's contentDir and staticDir) and every component of a path read from
// a setting, not only for the links found inside them.
func TestPrivateRoots(t *testing.T) {
	sitegen := map[string]string{"site.toml": "title = \"T\"\n", "content/_index.md": "# Home\n"}
	with := func(base map[string]string, more map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range more {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		name  string
		files map[string]string
		links map[string]string
		err   string // the start of the first error ("" for a good build)
	}{
		{name: "static folder is a link out", files: sitegen,
			links: map[string]string{"static": "../home/.ssh"}, err: "static: symbolic link to "},
		{name: "static folder is an absolute link out", files: sitegen,
			links: map[string]string{"static": "$HOME/keys"}, err: "static: symbolic link to "},
		{name: "content folder is a link out", files: map[string]string{"site.toml": "title = \"T\"\n"},
			links: map[string]string{"content": "$HOME/notes"}, err: "content: symbolic link to "},
		{name: "MkDocs docs/ is a link out", files: map[string]string{"mkdocs.yml": "site_name: M\n"},
			links: map[string]string{"docs": "../home/notes"}, err: "docs: symbolic link to "},
		{name: "MkDocs docs_dir through a linked folder", files: map[string]string{"mkdocs.yml": "site_name: M\ndocs_dir: book/notes\n"},
			links: map[string]string{"book": "../home"}, err: `mkdocs.yml:2:1: docs_dir: "book/notes": book is a symbolic link to `},
		{name: "Jekyll source: is a link out", files: map[string]string{"_config.yml": "title: J\nsource: src\n"},
			links: map[string]string{"src": "../home/notes"}, err: `_config.yml:2:1: source: "src": symbolic link to `},
		{name: "Hugo staticDir through a linked folder", files: map[string]string{"hugo.toml": "title = \"H\"\nstaticDir = [\"static\", \"lnk/keys\"]\n", "content/_index.md": "# H\n", "static/a.txt": "a"},
			links: map[string]string{"lnk": "../home"}, err: `hugo.toml:2:1: staticDir: "lnk/keys": lnk is a symbolic link to `},
		{name: "Hugo contentDir through a linked folder", files: map[string]string{"hugo.toml": "title = \"H\"\ncontentDir = \"lnk/notes\"\n"},
			links: map[string]string{"lnk": "$HOME"}, err: `hugo.toml:2:1: contentDir: "lnk/notes": lnk is a symbolic link to `},
		{name: "a folder of Markdown whose sub-folder links out", files: map[string]string{"README.md": "# R\n"},
			links: map[string]string{"notes": "../home/notes"}, err: "notes: symbolic link to "},
		// A link inside the source to what the tool leaves out (a
		// .gitignore, MkDocs' exclude_docs, Quartz's ignorePatterns,
		// Jekyll's _drafts/) does not publish it under the link's name.
		// Found by the fifth probe (privacy4-probe.md).
		{name: "a folder of Markdown: a link to a folder .gitignore names", files: map[string]string{"README.md": "# R\n", ".gitignore": "gm/\n", "gm/x.md": "# X\n" + secretHidden},
			links: map[string]string{"pub": "gm"}, err: "pub: symbolic link to gm, which is not published (.gitignore)"},
		{name: "a folder of Markdown: a link to a file .gitignore names", files: map[string]string{"README.md": "# R\n", ".gitignore": "secret.md\n", "secret.md": "# X\n" + secretHidden},
			links: map[string]string{"pub.md": "secret.md"}, err: "pub.md: symbolic link to secret.md, which is not published (.gitignore)"},
		{name: "a folder of Markdown: a link into a sub-folder of one .gitignore names", files: map[string]string{"README.md": "# R\n", ".gitignore": "/gm\n", "gm/deep/x.md": "# X\n" + secretHidden},
			links: map[string]string{"pub": "gm/deep"}, err: "pub: symbolic link to gm/deep, which is not published (.gitignore)"},
		{name: "MkDocs: a link to a folder exclude_docs names", files: map[string]string{"mkdocs.yml": "site_name: M\nexclude_docs: |\n  /private/\n", "docs/index.md": "# I\n", "docs/private/x.md": "# X\n" + secretHidden},
			links: map[string]string{"docs/pub": "private"}, err: "docs/pub: symbolic link to docs/private, which is not published (exclude_docs (MkDocs))"},
		{name: "Quartz: a link to a folder ignorePatterns names", files: map[string]string{"quartz.config.ts": "export default { configuration: { pageTitle: 'Q', ignorePatterns: ['gm'] }, plugins: {filters: []} }\n", "content/index.md": "# I\n", "content/gm/x.md": "# X\n" + secretHidden},
			links: map[string]string{"content/pub": "gm"}, err: "content/pub: symbolic link to content/gm, which the site leaves out"},
		{name: "Jekyll: a link to _drafts/", files: map[string]string{"_config.yml": "title: J\n", "index.md": "# I\n", "_drafts/d.md": "---\ntitle: D\n---\n" + secretHidden},
			links: map[string]string{"drafts": "_drafts"}, err: "drafts: symbolic link to _drafts, which "},
		// Links that stay inside are followed, the roots' too.
		{name: "MkDocs docs/ is a link inside", files: map[string]string{"mkdocs.yml": "site_name: M\n", "book/docs/index.md": "# Home\n"},
			links: map[string]string{"docs": "book/docs"}},
		{name: "static folder is an absolute link inside", files: with(sitegen, map[string]string{"theme/a.txt": "a"}),
			links: map[string]string{"static": "$SITE/theme"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := privateProject(t, tt.files, tt.links)
			dest := filepath.Join(t.TempDir(), "public")
			res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
			assertNothingLeaked(t, dest, err, res.Warnings...)
			if tt.err == "" {
				if err != nil {
					t.Fatalf("build: %v", err)
				}
				return
			}
			var diags content.Diagnostics
			if !errors.As(err, &diags) || len(diags) == 0 {
				t.Fatalf("err = %v, want diagnostics", err)
			}
			if !strings.HasPrefix(diags[0].String(), tt.err) {
				t.Errorf("first error %q, want %q…", diags[0], tt.err)
			}
		})
	}
	// The source folder itself may be reached through a link.
	t.Run("source is a link", func(t *testing.T) {
		src := privateProject(t, map[string]string{"mkdocs.yml": "site_name: M\n", "docs/index.md": "# Home\n"}, nil)
		link := filepath.Join(t.TempDir(), "site")
		symlink(t, src, link)
		if _, err := build(t, link, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "public")}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestPrivateSwapAfterLoad is issue 31, item 1 under `sitegen serve`: a
// page or a static file (or its folder) swapped for a link out of the
// source after the site was built is never read: Site.Update and
// Site.PublishStatic apply the rule when they read, not only the walk.
func TestPrivateSwapAfterLoad(t *testing.T) {
	for _, tt := range []struct {
		name string
		swap map[string]string // path -> link target, made after the build
		run  func(s *Site) error
	}{
		{name: "page becomes a link out", swap: map[string]string{"content/a.md": "$HOME/notes/a.md"},
			run: func(s *Site) error { return updateErr(s.Update(context.Background(), []string{"content/a.md"})) }},
		{name: "page folder becomes a link out", swap: map[string]string{"content/sub": "$HOME/notes"},
			run: func(s *Site) error { return updateErr(s.Update(context.Background(), []string{"content/sub/a.md"})) }},
		{name: "static file becomes a link out", swap: map[string]string{"static/key.txt": "$HOME/keys/id_rsa"},
			run: func(s *Site) error { return s.PublishStatic("key.txt") }},
		{name: "static folder becomes a link out", swap: map[string]string{"static": "$HOME/keys"},
			run: func(s *Site) error { return s.PublishStatic("id_rsa") }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := privateProject(t, map[string]string{
				"site.toml": "title = \"T\"\n", "content/_index.md": "# Home\n",
				"content/a.md": "---\ntitle: Secret\n---\nA\n", "content/sub/a.md": "---\ntitle: Secret\n---\nSub\n",
				"static/key.txt": "k", "static/plain.txt": "p",
			}, nil)
			dest := filepath.Join(t.TempDir(), "public")
			s, _, err := BuildSite(context.Background(), content.Options{Source: src, Dest: dest, Theme: theme, CacheDir: "-"})
			if err != nil {
				t.Fatal(err)
			}
			for link, target := range tt.swap {
				p := filepath.Join(src, filepath.FromSlash(link))
				if err := os.RemoveAll(p); err != nil {
					t.Fatal(err)
				}
				symlink(t, strings.ReplaceAll(target, "$HOME", filepath.Join(filepath.Dir(src), "home")), p)
			}
			err = tt.run(s)
			if err == nil || !strings.Contains(err.Error(), "outside the site folder") {
				t.Errorf("err = %v, want the link refused", err)
			}
			assertNothingLeaked(t, dest, err)
		})
	}
}

// updateErr turns an Update's problems into an error.
func updateErr(u Update, err error) error {
	switch {
	case err != nil:
		return err
	case len(u.Errors) > 0:
		return u.Errors
	case u.Full:
		return errors.New("full build: " + u.Reason)
	}
	return nil
}

// TestPrivateHidden is issue 31, item 2: a hidden name is never
// published, whichever setting names it (Hugo's staticDir or contentDir,
// MkDocs' docs_dir, Jekyll's source: and include:), at any depth of the
// path, and a link to one (content/notes -> ../.git) is refused like a
// link out of the source. An error names the settings file, the line and
// the setting.
func TestPrivateHidden(t *testing.T) {
	git := map[string]string{
		".git/config":   "[remote \"origin\"]\n\turl = https://x:" + secretHidden + "@git.example/r\n",
		".git/index.md": "# Git\n\n" + secretHidden + "\n",
		".git/x/a.md":   "# A\n\n" + secretHidden + "\n",
	}
	with := func(more map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range git {
			out[k] = v
		}
		for k, v := range more {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		name  string
		files map[string]string
		links map[string]string
		err   string // the start of the first error ("" for a good build)
	}{
		{name: "Hugo staticDir = [.git]", files: with(map[string]string{"hugo.toml": "title = \"H\"\nstaticDir = [\".git\"]\n", "content/_index.md": "# H\n"}),
			err: `hugo.toml:2:1: staticDir: ".git" is a hidden name`},
		{name: "Hugo staticDir, a hidden folder deeper", files: with(map[string]string{"hugo.toml": "title = \"H\"\n\nstaticDir = [\"static\", \"assets/.private\"]\n", "content/_index.md": "# H\n", "assets/.private/k.txt": secretHidden}),
			err: `hugo.toml:3:1: staticDir: ".private" is a hidden name`},
		{name: "Hugo contentDir = .git", files: with(map[string]string{"hugo.yaml": "title: H\ncontentDir: .git\n"}),
			err: `hugo.yaml:2:1: contentDir: ".git" is a hidden name`},
		{name: "Hugo language contentDir = .git", files: with(map[string]string{"hugo.toml": "[languages.en]\ncontentDir = \".git\"\n"}),
			err: `hugo.toml:2:1: contentDir: ".git" is a hidden name`},
		{name: "MkDocs docs_dir: .git", files: with(map[string]string{"mkdocs.yml": "site_name: M\ndocs_dir: .git\n"}),
			err: `mkdocs.yml:2:1: docs_dir: ".git" is a hidden name`},
		{name: "MkDocs docs_dir: ./.git/", files: with(map[string]string{"mkdocs.yml": "site_name: M\ndocs_dir: ./.git/\n"}),
			err: `mkdocs.yml:2:1: docs_dir: ".git" is a hidden name`},
		{name: "Jekyll source: .git", files: with(map[string]string{"_config.yml": "title: J\nsource: .git\n"}),
			err: `_config.yml:2:1: source: ".git" is a hidden name`},
		{name: "MkDocs docs/ is a link to .git", files: with(map[string]string{"mkdocs.yml": "site_name: M\n"}),
			links: map[string]string{"docs": ".git"}, err: "docs: symbolic link to .git, a hidden name"},
		{name: "Hugo staticDir through a link to .git", files: with(map[string]string{"hugo.toml": "title = \"H\"\nstaticDir = [\"lnk/x\"]\n", "content/_index.md": "# H\n"}),
			links: map[string]string{"lnk": ".git"}, err: `hugo.toml:2:1: staticDir: "lnk/x": symbolic link to .git/x, a hidden name`},
		{name: "a link in the content to .git", files: with(map[string]string{"site.toml": "title = \"T\"\n", "content/_index.md": "# H\n"}),
			links: map[string]string{"content/notes": "../.git"}, err: "content/notes: symbolic link to .git, a hidden name"},
		{name: "a link in a vault to a file in .git", files: with(map[string]string{".obsidian/app.json": "{}", "Home.md": "# H\n"}),
			links: map[string]string{"config.txt": ".git/config"}, err: "config.txt: symbolic link to .git/config, a hidden name"},
		// Jekyll's include: publishes names "_" would leave out; never a hidden one.
		{name: "Jekyll include: [.git]", files: with(map[string]string{"_config.yml": "title: J\ninclude: [.git, .well-known]\n", "index.md": "# J\n", ".well-known/security.txt": secretHidden})},
		{name: "a folder of Markdown holding .git", files: with(map[string]string{"README.md": "# R\n"})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := privateProject(t, tt.files, tt.links)
			dest := filepath.Join(t.TempDir(), "public")
			res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
			assertNothingLeaked(t, dest, err, res.Warnings...)
			if tt.err == "" {
				if err != nil {
					t.Fatalf("build: %v", err)
				}
				return
			}
			var diags content.Diagnostics
			if !errors.As(err, &diags) || len(diags) == 0 {
				t.Fatalf("err = %v, want diagnostics", err)
			}
			if !strings.HasPrefix(diags[0].String(), tt.err) {
				t.Errorf("first error %q, want %q…", diags[0], tt.err)
			}
		})
	}
}

// TestPrivateSettings is issue 31, item 3: a settings file (site.toml,
// hugo.toml, _config.yml, mkdocs.yml, .obsidian/*.json) obeys the link
// rule of pages: one that is a link out of the source folder, or to a
// hidden file in it, is refused unread, and no message quotes what it
// holds (hugo.toml -> ~/.aws/credentials printed the access key id;
// site.toml -> /proc/self/environ an environment variable).
func TestPrivateSettings(t *testing.T) {
	environ, _ := os.ReadFile("/proc/self/environ")
	tests := []struct {
		name  string
		files map[string]string
		links map[string]string
		err   string
	}{
		{name: "hugo.toml -> credentials", files: map[string]string{"content/_index.md": "# H\n"},
			links: map[string]string{"hugo.toml": "$HOME/credentials"}, err: "hugo.toml: symbolic link to "},
		{name: "config.toml -> a TOML file outside", files: map[string]string{"content/_index.md": "# H\n"},
			links: map[string]string{"config.toml": "../home/settings.toml"}, err: "config.toml: symbolic link to "},
		{name: "site.toml -> /proc/self/environ", files: map[string]string{"content/_index.md": "# H\n"},
			links: map[string]string{"site.toml": "/proc/self/environ"}, err: "site.toml: symbolic link to /proc/"},
		{name: "site.toml -> a TOML file outside", files: map[string]string{"content/_index.md": "# H\n"},
			links: map[string]string{"site.toml": "$HOME/settings.toml"}, err: "site.toml: symbolic link to "},
		{name: "site.toml -> .env inside", files: map[string]string{"content/_index.md": "# H\n", ".env": "title = \"" + secretHidden + "\"\n"},
			links: map[string]string{"site.toml": ".env"}, err: "site.toml: symbolic link to .env, a hidden name"},
		{name: "_config.yml -> credentials", files: map[string]string{"index.md": "# J\n"},
			links: map[string]string{"_config.yml": "$HOME/credentials"}, err: "_config.yml: symbolic link to "},
		{name: "mkdocs.yml -> credentials", files: map[string]string{"docs/index.md": "# M\n"},
			links: map[string]string{"mkdocs.yml": "$HOME/credentials"}, err: "mkdocs.yml: symbolic link to "},
		{name: "mkdocs.yml through a linked folder", files: map[string]string{"docs/index.md": "# M\n"},
			links: map[string]string{"mkdocs.yml": "lnk/credentials", "lnk": "../home"}, err: "mkdocs.yml: symbolic link to "},
		{name: ".obsidian/templates.json -> outside", files: map[string]string{".obsidian/app.json": "{}", "Home.md": "# H\n"},
			links: map[string]string{".obsidian/templates.json": "$HOME/credentials"}, err: ".obsidian/templates.json: symbolic link to "},
		{name: ".obsidian is a link out", files: map[string]string{"Home.md": "# H\n", "../home/obsidian/app.json": "{\"attachmentFolderPath\": \"" + secretOutside + "\"}"},
			links: map[string]string{".obsidian": "$HOME/obsidian"}, err: ".obsidian/app.json: .obsidian is a symbolic link to "},
		{name: "quartz.config.ts -> a config outside", files: map[string]string{"content/index.md": "# Q\n",
			"../home/quartz.config.ts": "export default { configuration: { pageTitle: \"" + secretOutside + "\" } }\n"},
			links: map[string]string{"quartz.config.ts": "$HOME/quartz.config.ts"}, err: "quartz.config.ts: symbolic link to "},
		{name: "book.toml -> credentials", files: map[string]string{"src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n"},
			links: map[string]string{"book.toml": "$HOME/credentials"}, err: "book.toml: symbolic link to "},
		{name: "SUMMARY.md -> a summary outside", files: map[string]string{"book.toml": "", "src/a.md": "# A\n",
			"../home/SUMMARY.md": "- [" + secretOutside + "](a.md)\n"},
			links: map[string]string{"src/SUMMARY.md": "$HOME/SUMMARY.md"}, err: "src/SUMMARY.md: symbolic link to "},
		{name: "mdBook src linked out", files: map[string]string{"book.toml": "[book]\nsrc = \"book\"\n", "../home/book/SUMMARY.md": "- [" + secretOutside + "](a.md)\n"},
			links: map[string]string{"book": "$HOME/book"}, err: "book.toml:2:1: src: \"book\": symbolic link to "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := privateProject(t, tt.files, tt.links)
			dest := filepath.Join(t.TempDir(), "public")
			res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
			assertNothingLeaked(t, dest, err, res.Warnings...)
			if err != nil && len(environ) > 0 {
				for _, kv := range strings.Split(string(environ), "\x00") {
					if _, v, _ := strings.Cut(kv, "="); len(v) >= 12 && strings.Contains(err.Error(), v) {
						t.Errorf("the error quotes the environment: %v", err)
					}
				}
			}
			var diags content.Diagnostics
			if !errors.As(err, &diags) || len(diags) == 0 {
				t.Fatalf("err = %v, want diagnostics", err)
			}
			if !strings.HasPrefix(diags[0].String(), tt.err) {
				t.Errorf("first error %q, want %q…", diags[0], tt.err)
			}
		})
	}
}
