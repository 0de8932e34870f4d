package layout

import (
	"path"
	"regexp"
	"strings"
)

// Ignore is a list of patterns in the .gitignore pattern format
// (https://git-scm.com/docs/gitignore#_pattern_format), which MkDocs'
// exclude_docs and draft_docs use, matched against slash paths relative
// to the folder the patterns are for, file by file as MkDocs matches them
// (with the pathspec library). The rules, as git's documentation gives
// them:
//
//   - a blank line and a line starting with "#" match nothing; trailing
//     spaces are ignored unless escaped with "\";
//   - "!" negates a pattern: a path it matches is included again; as in
//     MkDocs, and unlike git ("it is not possible to re-include a file if
//     a parent directory of that file is excluded"), that holds for a
//     file in an excluded folder too (mkdocs 1.6.1 publishes
//     private/keep.md for "/private/" then "!/private/keep.md");
//   - a pattern ending in "/" matches folders only (and so all they hold);
//   - a pattern with a "/" at its start or in its middle matches paths
//     from the top; without one it matches a name at any depth;
//   - "*" matches anything but "/", "?" one character but "/", "[a-z]" a
//     range; "**/" at the start matches in every folder, "/**" at the end
//     everything inside, "/**/" zero or more folders;
//   - the last pattern that matches a path decides.
//
// An Ignore read from .gitignore files (ReadGitignores) matches as git
// does where MkDocs parts from it: a path in a folder left out stays out,
// whatever "!" says after.
type Ignore struct {
	rules []ignoreRule
	// git: "It is not possible to re-include a file if a parent
	// directory of that file is excluded."
	git bool
	// prefix, when set, is joined in front of every path matched: the
	// patterns were read from a folder above it (ReadGitignore).
	prefix string
}

type ignoreRule struct {
	re      *regexp.Regexp
	negate  bool
	dirOnly bool
	// glob marks a fast-glob pattern (ParseGlobs): it matches a folder,
	// and so all it holds, only when depth is set; inverse matches the
	// files its expression does not (fast-glob's "!(pattern)").
	glob, depth, inverse bool
}

// ParseIgnore reads patterns, one a line (lines may also be given as
// separate strings).
func ParseIgnore(lines ...string) *Ignore {
	g := &Ignore{}
	for _, block := range lines {
		for _, line := range strings.Split(block, "\n") {
			if r, ok := parseIgnoreLine(line); ok {
				g.rules = append(g.rules, r)
			}
		}
	}
	return g
}

// Empty reports whether no pattern was read.
func (g *Ignore) Empty() bool { return g == nil || len(g.rules) == 0 }

func parseIgnoreLine(line string) (ignoreRule, bool) {
	line = strings.TrimRight(line, "\r")
	// Trailing spaces go, unless the last is escaped.
	for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, `\ `) {
		line = line[:len(line)-1]
	}
	if line == "" || strings.HasPrefix(line, "#") {
		return ignoreRule{}, false
	}
	var r ignoreRule
	if strings.HasPrefix(line, "!") {
		r.negate, line = true, line[1:]
	} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	if line == "" {
		return ignoreRule{}, false
	}
	anchored := strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	var b strings.Builder
	b.WriteString("^")
	if !anchored {
		b.WriteString("(?:.*/)?")
	}
	for i := 0; i < len(line); {
		switch {
		case strings.HasPrefix(line[i:], "**/") && (i == 0 || line[i-1] == '/'):
			b.WriteString("(?:.*/)?")
			for i += 3; strings.HasPrefix(line[i:], "**/"); i += 3 { // "**/**/" is "**/"
			}
		case line[i:] == "**" && i > 0 && line[i-1] == '/':
			b.WriteString(".*")
			i += 2
		case line[i] == '*':
			for i < len(line) && line[i] == '*' { // other runs of "*" are one
				i++
			}
			b.WriteString("[^/]*")
		case line[i] == '?':
			b.WriteString("[^/]")
			i++
		case line[i] == '\\' && i+1 < len(line):
			b.WriteString(regexp.QuoteMeta(line[i+1 : i+2]))
			i += 2
		case line[i] == '[':
			end := strings.IndexByte(line[i+1:], ']')
			if end < 0 {
				b.WriteString(`\[`)
				i++
				continue
			}
			class := line[i+1 : i+1+end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += end + 2
		default:
			b.WriteString(regexp.QuoteMeta(line[i : i+1]))
			i++
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil { // a class Go's regexp refuses: the pattern matches nothing
		return ignoreRule{}, false
	}
	r.re = re
	return r, true
}

// Match reports whether the slash path rel (a folder when dir) is matched:
// the last pattern that matches it, or a folder above it, decides.
func (g *Ignore) Match(rel string, dir bool) bool {
	if g.Empty() {
		return false
	}
	rel = strings.Trim(rel, "/")
	if g.prefix != "" {
		rel = path.Join(g.prefix, rel)
	}
	if g.git {
		// As git walks: a folder left out is not entered, and each path
		// in one that is is matched by the patterns as itself.
		for i := range len(rel) {
			if rel[i] == '/' && g.match(rel[:i], true, false) {
				return true
			}
		}
		return g.match(rel, dir, false)
	}
	return g.match(rel, dir, true)
}

// match reports whether the last rule that matches rel (or, with
// parents, a folder above it) ignores it.
func (g *Ignore) match(rel string, dir, parents bool) bool {
	for i := len(g.rules) - 1; i >= 0; i-- {
		if r := g.rules[i]; r.matches(rel, dir, parents) {
			return !r.negate
		}
	}
	return false
}

// matches reports whether the rule matches rel or, with parents, a
// folder above it.
func (r ignoreRule) matches(rel string, dir, parents bool) bool {
	switch {
	case r.inverse:
		return !dir && !r.re.MatchString(rel)
	case r.glob && !r.depth: // a file, by its whole path
		return !dir && r.re.MatchString(rel)
	}
	if (dir || !r.dirOnly) && r.re.MatchString(rel) {
		return true
	}
	if !parents {
		return false
	}
	for i := range len(rel) {
		if rel[i] == '/' && r.re.MatchString(rel[:i]) {
			return true
		}
	}
	return false
}
