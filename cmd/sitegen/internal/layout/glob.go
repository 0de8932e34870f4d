package layout

import (
	"regexp"
	"strings"
)

// ParseGlobs reads glob patterns of the kind fast-glob and globby read
// (https://github.com/mrmlnc/fast-glob#pattern-syntax: VitePress'
// srcExclude, Docusaurus' exclude) into the Ignore they make, for a
// PathRule. Unlike .gitignore patterns (ParseIgnore) a glob is always
// matched from the top of the folder it is for ("*.md" is a top-level
// file only) and cannot be negated; the rest is the same: "**" as a whole
// name is any number of folders ("**/README.md", "drafts/**"), "*" and "?"
// stay inside one name, "[a-z]" is a class ("[!a]" or "[^a]" its
// negation), "{a,b}" either (nested too), "\" escapes; a leading "./" or
// "/" is dropped, a trailing "/" matches folders only. A path matches when
// it, or a folder above it, matches a pattern. Each pattern becomes one
// regular expression, so a match takes time linear in the path, whatever
// the pattern; a pattern that is not well formed matches nothing.
func ParseGlobs(patterns ...string) *Ignore {
	g := &Ignore{}
	for _, p := range patterns {
		if r, ok := parseGlob(p); ok {
			g.rules = append(g.rules, r)
		}
	}
	return g
}

func parseGlob(p string) (ignoreRule, bool) {
	p = strings.TrimSpace(p)
	p = strings.TrimPrefix(strings.TrimPrefix(p, "./"), "/")
	var r ignoreRule
	if strings.HasSuffix(p, "/") {
		r.dirOnly, p = true, strings.TrimRight(p, "/")
	}
	if p == "" {
		return ignoreRule{}, false
	}
	braces := balancedBraces(p)
	var b strings.Builder
	b.WriteString("^")
	depth := 0
	for i := 0; i < len(p); {
		atStart := i == 0 || p[i-1] == '/'
		switch {
		case atStart && strings.HasPrefix(p[i:], "**/"): // any number of folders
			b.WriteString("(?:.*/)?")
			i += 3
		case atStart && p[i:] == "**": // everything below
			b.WriteString(".*")
			i += 2
		case p[i] == '*':
			for i < len(p) && p[i] == '*' {
				i++
			}
			b.WriteString("[^/]*")
		case p[i] == '?':
			b.WriteString("[^/]")
			i++
		case p[i] == '\\' && i+1 < len(p):
			b.WriteString(regexp.QuoteMeta(p[i+1 : i+2]))
			i += 2
		case p[i] == '[':
			end := strings.IndexByte(p[i+1:], ']')
			if end < 0 {
				b.WriteString(`\[`)
				i++
				continue
			}
			class := p[i+1 : i+1+end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += end + 2
		case braces && p[i] == '{':
			b.WriteString("(?:")
			depth++
			i++
		case braces && p[i] == ',' && depth > 0:
			b.WriteString("|")
			i++
		case braces && p[i] == '}' && depth > 0:
			b.WriteString(")")
			depth--
			i++
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
			i++
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return ignoreRule{}, false
	}
	r.re = re
	return r, true
}

// balancedBraces reports whether every "{" of p is closed by a "}" (its
// braces are then alternatives; otherwise they are plain characters).
func balancedBraces(p string) bool {
	depth := 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return false
			}
			depth--
		}
	}
	return depth == 0
}
