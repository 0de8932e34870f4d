package layout

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// GitignoreReason is what the build's report says of a page or file that
// a .gitignore names.
const GitignoreReason = ".gitignore"

// GitignoreFile is the name of the files ReadGitignores reads.
const GitignoreFile = ".gitignore"

// ExcludeFile is the repository's own excludes, which git reads beside
// the .gitignore files: "Patterns which are specific to a particular
// repository but which do not need to be shared with other related
// repositories [...] should go into the $GIT_DIR/info/exclude file"
// (https://git-scm.com/docs/gitignore).
const ExcludeFile = ".git/info/exclude"

// GitignoreBase says how a pattern of a .gitignore in a folder below the
// root is joined to that folder.
type GitignoreBase int

const (
	// GitBase joins as git does (https://git-scm.com/docs/gitignore):
	// "If there is a separator at the beginning or middle (or both) of the
	// pattern, then the pattern is relative to the directory level of the
	// particular .gitignore file itself. Otherwise the pattern may also
	// match at any level below the .gitignore level." So "npc" in
	// lore/.gitignore is "lore/**/npc", "/npc" and "a/npc" are "lore/npc"
	// and "lore/a/npc". The folders it reads .gitignore files in are all
	// but hidden ones and node_modules (never published by a layout that
	// reads them this way).
	GitBase GitignoreBase = iota
	// GlobbyBase joins as globby (gitignore: true) does, which Quartz
	// finds its notes with: its applyBaseToPattern is
	// path.posix.join(base, pattern), "!" kept in front, so "npc" in
	// lore/.gitignore is "lore/npc", anchored there. globby does not look
	// into node_modules, flow-typed, coverage and .git for them.
	GlobbyBase
)

// skipFor are the folders, besides hidden ones, where no .gitignore is
// read.
var skipFor = map[GitignoreBase][]string{
	GitBase:    {"node_modules"},
	GlobbyBase: {"node_modules", "flow-typed", "coverage", ".git"},
}

// ReadGitignores reads every .gitignore file under the source-relative
// folder root of the source folder dir ("." for dir itself), each through
// ReadSetting (a link out of the source is refused unread, as for every
// settings file), and returns their patterns as one Ignore matched against
// root-relative paths, with git's rules (see Ignore): the patterns of a
// deeper file come after those of the files above it, so that "patterns
// in the higher level files [are] overridden by those in lower level
// files down to the directory containing the file", and a path in a
// folder left out stays out. base says how a deeper file's patterns are
// joined to its folder. Hidden folders are not searched: nothing in them
// is published. With GitBase, at the root of the source, the
// repository's .git/info/exclude is read too (ExcludeFile), as git reads
// it. nil when there is none or it holds no pattern.
func ReadGitignores(dir, root string, base GitignoreBase) (*Ignore, error) {
	top := filepath.Join(dir, filepath.FromSlash(root))
	var lines []string
	// git reads $GIT_DIR/info/exclude below every .gitignore in
	// precedence: its patterns come first, so that any .gitignore's come
	// after them and win.
	if base == GitBase && root == "." && Exists(dir, ExcludeFile, false) {
		raw, err := ReadSetting(dir, ExcludeFile)
		if err != nil {
			return nil, err
		}
		lines = append(lines, gitignoreLines(string(raw), ".", base)...)
	}
	err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == top {
				return err
			}
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p != top && (strings.HasPrefix(name, ".") || slices.Contains(skipFor[base], name)) {
				return filepath.SkipDir
			}
			return nil
		}
		if name != GitignoreFile {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		raw, err := ReadSetting(dir, rel)
		if err != nil {
			return err
		}
		in, err := filepath.Rel(top, filepath.Dir(p))
		if err != nil {
			return err
		}
		lines = append(lines, gitignoreLines(string(raw), filepath.ToSlash(in), base)...)
		return nil
	})
	var ce *ConfigError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil && !errors.As(err, &ce):
		return nil, &ConfigError{File: root, Msg: "read .gitignore files: " + err.Error()}
	case err != nil:
		return nil, err
	}
	g := ParseIgnore(lines...)
	if g.Empty() {
		return nil, nil
	}
	g.git = true
	return g, nil
}

// gitignoreLines are the patterns of a .gitignore in the root-relative
// folder in ("." for the root itself), joined to it as base says.
func gitignoreLines(text, in string, base GitignoreBase) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if base == GitBase {
			// "Trailing spaces are ignored unless they are quoted with
			// backslash": a line of spaces is a blank line, before it is
			// joined to its folder.
			for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, `\ `) {
				line = line[:len(line)-1]
			}
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if in == "." {
			out = append(out, line)
			continue
		}
		neg := strings.HasPrefix(line, "!")
		if neg {
			line = line[1:]
		}
		switch {
		case base == GlobbyBase:
			// path.posix.join keeps a trailing "/" (a folder only).
			line = in + "/" + strings.TrimLeft(line, "/")
		case strings.Contains(strings.TrimSuffix(line, "/"), "/"):
			line = in + "/" + strings.TrimPrefix(line, "/")
		default:
			line = in + "/**/" + line
		}
		if neg {
			line = "!" + line
		}
		out = append(out, line)
	}
	return out
}

// ReadGitignore makes the layout leave out what the .gitignore files of
// its content folder, under the source folder dir, name, joined as base
// says: a folder published as a repository (a plain folder of Markdown,
// docsify's) as git would read them (GitBase), Quartz as globby does
// (GlobbyBase). They are counted in the build's report
// (GitignoreReason) and listed by --all; --drafts does not show them, as
// nothing a repository leaves out reaches its host. serve watches them
// (Gitignore).
//
// With GitBase the files are read from the whole source folder, not only
// the content folder (a docsify site in docs/ is part of its repository:
// the root's .gitignore speaks of docs/ too), and matched against paths
// from the source folder.
func (l *Layout) ReadGitignore(dir string, base GitignoreBase) error {
	l.Gitignore = true
	content, from := path.Clean(l.Content), path.Clean(l.Content)
	if base == GitBase {
		from = "."
	}
	g, err := ReadGitignores(dir, from, base)
	if err != nil || g == nil {
		return err
	}
	if content != from {
		g.prefix = content
	}
	l.UnpublishedPaths = append(l.UnpublishedPaths, PathRule{Reason: GitignoreReason, Patterns: g})
	l.Read = append(l.Read, GitignoreFile)
	return nil
}
