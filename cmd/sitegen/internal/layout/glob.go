package layout

import (
	"path"
	"regexp"
	"strings"
)

// ParseGlobs reads glob patterns of the kind fast-glob and globby read
// (https://github.com/mrmlnc/fast-glob#pattern-syntax: VitePress'
// srcExclude, Docusaurus' exclude, as their "ignore" option) into the
// Ignore they make, for a PathRule. Unlike .gitignore patterns
// (ParseIgnore) a glob is matched against the whole path from the top of
// the folder it is for ("*.md" is a top-level file only, "b.md" is not
// a/b.md), in its case, and cannot be negated: "**" as a whole name is any
// number of folders, "*" and "?" stay inside one name, "[a-z]" is a class
// ("[!a]" or "[^a]" its negation), "{a,b}" either (nested too: fast-glob
// expands them first), "\" escapes; a leading "./" or "/" is dropped and a
// trailing "/" matches folders only, in a pattern without wildcards or
// braces ("templates/", "a/templates/"): one with them ("**/templates/")
// leaves nothing out, as fast-glob 3 does. A folder, and all it holds, is left
// out only by a pattern whose last name has no wildcard ("drafts",
// "**/private") or that ends in "/**", as fast-glob's reader skips
// folders; any other pattern ("priv*", "*") names files by their whole
// path. "!(pattern)" names the files the pattern does not. Each pattern
// becomes regular expressions, so a match takes time linear in the path
// whatever the pattern; one that is not well formed matches nothing.
func ParseGlobs(patterns ...string) *Ignore { return parseGlobs(true, patterns) }

// ParseTinyGlobs reads glob patterns as tinyglobby does (VitePress 1.6's
// srcExclude): as ParseGlobs, except that a trailing "/" names folders
// and all they hold in a pattern with wildcards or braces too
// ("**/templates/" leaves every templates/ out, "templ*/" templates/):
// "x/" is read as "x/**".
func ParseTinyGlobs(patterns ...string) *Ignore { return parseGlobs(false, patterns) }

func parseGlobs(fastGlob bool, patterns []string) *Ignore {
	g := &Ignore{}
	for _, p := range patterns {
		p = strings.TrimSpace(p)
		if inner, ok := strings.CutPrefix(p, "!("); ok && strings.HasSuffix(inner, ")") {
			// The files no expansion of inner names: one expression.
			var bodies []string
			for _, q := range expandBraces(strings.TrimSuffix(inner, ")")) {
				if body, _, ok := globBody(q); ok {
					bodies = append(bodies, body)
				}
			}
			if re, err := regexp.Compile("^(?:" + strings.Join(bodies, "|") + ")$"); err == nil && len(bodies) > 0 {
				g.rules = append(g.rules, ignoreRule{re: re, glob: true, inverse: true})
			}
			continue
		}
		if strings.HasPrefix(p, "!") { // a negation means nothing among ignore patterns
			continue
		}
		if !fastGlob && strings.HasSuffix(p, "/") {
			p += "**" // tinyglobby: "x/" is all x holds
		}
		if fastGlob && strings.HasSuffix(p, "/") && strings.ContainsAny(p, "*?[{(") {
			continue // a folder pattern with a wildcard: fast-glob leaves nothing out by it
		}
		for _, q := range expandBraces(p) {
			body, dirOnly, ok := globBody(q)
			if !ok {
				continue
			}
			re, err := regexp.Compile("^" + body + "$")
			if err != nil {
				continue
			}
			q = strings.TrimRight(q, "/")
			depth := strings.HasSuffix(q, "/**") || !strings.ContainsAny(path.Base(q), "*?[")
			g.rules = append(g.rules, ignoreRule{re: re, dirOnly: dirOnly, glob: true, depth: depth})
		}
	}
	return g
}

// maxExpansions bounds the patterns one pattern's braces expand to.
const maxExpansions = 256

// expandBraces expands the {a,b} choices of p (nested too) into the
// patterns they make, at most maxExpansions; a brace that is not closed
// is a plain character.
func expandBraces(p string) []string {
	out := []string{}
	var expand func(p string, depth int)
	expand = func(p string, depth int) {
		if len(out) >= maxExpansions {
			return
		}
		open, close, commas := -1, -1, []int(nil)
		level := 0
		for i := 0; i < len(p) && close < 0; i++ {
			switch p[i] {
			case '\\':
				i++
			case '{':
				if level == 0 {
					open, commas = i, nil
				}
				level++
			case ',':
				if level == 1 {
					commas = append(commas, i)
				}
			case '}':
				if level > 0 {
					level--
					if level == 0 && len(commas) > 0 {
						close = i
					} else if level == 0 {
						open = -1 // {a}: a plain brace pair
					}
				}
			}
		}
		if close < 0 || depth > 16 {
			out = append(out, p)
			return
		}
		start := open + 1
		for _, c := range append(commas, close) {
			expand(p[:open]+p[start:c]+p[close+1:], depth+1)
			start = c + 1
		}
	}
	expand(p, 0)
	return out
}

// globBody is the regular expression of one brace-free glob, without its
// anchors, and whether it names folders only (a trailing "/").
func globBody(p string) (body string, dirOnly, ok bool) {
	p = strings.TrimPrefix(strings.TrimPrefix(p, "./"), "/")
	if strings.HasSuffix(p, "/") {
		dirOnly, p = true, strings.TrimRight(p, "/")
	}
	if p == "" {
		return "", false, false
	}
	var b strings.Builder
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
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
			i++
		}
	}
	return b.String(), dirOnly, true
}
