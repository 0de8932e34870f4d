package quartz

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// gitignore is what the .gitignore files under content/ leave out, read
// as Quartz reads them: it finds notes with globby and gitignore: true
// (quartz/util/glob.ts), whose cwd is the content folder, so
//
//   - every .gitignore under content/ is read (globby's "**/.gitignore",
//     but in node_modules, flow-typed, coverage and .git), none above it;
//   - a line that is empty or starts with "#" is skipped, and each other
//     pattern is joined to the folder of its file (globby's
//     applyBaseToPattern: path.posix.join(base, pattern), "!" kept in
//     front), so "npc" in lore/.gitignore is "lore/npc", anchored there;
//   - the patterns are matched by the ignore package, as git matches
//     them, where a file in a folder left out stays out whatever "!"
//     says.
type gitignore struct{ ig *layout.Ignore }

// skipDirs are the folders globby does not look into for .gitignore
// files.
var skipDirs = []string{"node_modules", "flow-typed", "coverage", ".git"}

// gitignores reads the .gitignore files under dir's content folder, each
// through layout.ReadSetting (a link out of the source is refused
// unread). Hidden folders are not searched: nothing in them is published.
func gitignores(dir string) (gitignore, error) {
	root := filepath.Join(dir, ContentDir)
	var lines []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || slices.Contains(skipDirs, name)) {
				return filepath.SkipDir
			}
			return nil
		}
		if name != ".gitignore" {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		raw, err := layout.ReadSetting(dir, filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		base := path.Dir(strings.TrimPrefix(filepath.ToSlash(rel), ContentDir+"/"))
		lines = append(lines, gitignoreLines(string(raw), base)...)
		return nil
	})
	var ce *layout.ConfigError
	if err != nil && !errors.As(err, &ce) {
		err = &layout.ConfigError{File: ContentDir, Msg: "read .gitignore files: " + err.Error()}
	}
	if err != nil {
		return gitignore{}, err
	}
	return gitignore{layout.ParseIgnore(lines...)}, nil
}

// gitignoreLines are the patterns of a .gitignore in the content folder
// base ("." for content/ itself), joined to it as globby joins them.
func gitignoreLines(text, base string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		neg := strings.HasPrefix(line, "!")
		if neg {
			line = line[1:]
		}
		if base != "." {
			// path.posix.join keeps a trailing "/" (a folder only).
			line = base + "/" + strings.TrimLeft(line, "/")
		}
		if neg {
			line = "!" + line
		}
		out = append(out, line)
	}
	return out
}

// match reports whether the content-relative rel (a folder when dir) is
// left out: by a pattern, or because a folder above it is.
func (g gitignore) match(rel string, dir bool) bool {
	if g.ig.Empty() {
		return false
	}
	for i := range len(rel) {
		if rel[i] == '/' && g.ig.Match(rel[:i], true) {
			return true
		}
	}
	return g.ig.Match(rel, dir)
}
