package layout

import (
	"path"
	"strings"
)

// MatchGlob reports whether the slash path rel matches the glob pattern of
// the kind fast-glob and globby read (VitePress's srcExclude, Docusaurus's
// exclude): "**" is any number of folders, "*" and "?" stay inside one
// name, "{a,b}" is either, "[...]" a class; a leading "./" or "/" is
// dropped. A pattern that is not well formed matches nothing.
func MatchGlob(pattern, rel string) bool {
	pattern = strings.TrimPrefix(strings.TrimPrefix(pattern, "./"), "/")
	for _, p := range expandBraces(pattern, 0) {
		if matchSegs(strings.Split(p, "/"), strings.Split(rel, "/")) {
			return true
		}
	}
	return false
}

// expandBraces expands the first {a,b} of p (and, in turn, the others).
func expandBraces(p string, depth int) []string {
	open := strings.IndexByte(p, '{')
	if open < 0 || depth > 8 {
		return []string{p}
	}
	close := strings.IndexByte(p[open:], '}')
	if close < 0 {
		return []string{p}
	}
	close += open
	var out []string
	for _, alt := range strings.Split(p[open+1:close], ",") {
		out = append(out, expandBraces(p[:open]+alt+p[close+1:], depth+1)...)
		if len(out) > 256 {
			break
		}
	}
	return out
}

func matchSegs(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for len(pat) > 1 && pat[1] == "**" {
				pat = pat[1:]
			}
			if len(pat) == 1 {
				return true
			}
			for i := range segs {
				if matchSegs(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], segs[0]); err != nil || !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}
