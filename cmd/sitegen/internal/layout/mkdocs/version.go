package mkdocs

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// versionFiles are the files, relative to the project's root, where a
// site declares the MkDocs it builds with: pip's requirements files and
// pyproject.toml (PEP 621 dependencies or Poetry's).
var versionFiles = []string{"requirements.txt", "requirements-docs.txt", "docs-requirements.txt",
	"docs/requirements.txt", "requirements/docs.txt", "pyproject.toml", "Pipfile"}

// mkdocsSpec matches a requirement of the mkdocs package (not
// mkdocs-material, mkdocs-…): "mkdocs==1.4.2", "mkdocs<1.5",
// "mkdocs ~= 1.4.0" in a requirements file or a PEP 621 list, and
// Poetry's or Pipfile's `mkdocs = "~1.4"`.
var mkdocsSpec = regexp.MustCompile(`(?im)^\s*["']?mkdocs(?:\[[^\]]*\])?(?:\s*=\s*["']|\s*)([<>=!~^][^;#"'\n]*|\d[^;#"'\n]*)`)

// pinsBefore15 reports whether the project at dir declares an MkDocs
// older than 1.5 (mkdocs==1.4.2, mkdocs<1.5, mkdocs~=1.4.0 …) in one of
// versionFiles. MkDocs 1.5 changed how a page's title is taken from its
// heading ("Page titles will be deduced from any style of heading",
// https://www.mkdocs.org/about/release-notes/#version-15-2023-07-26):
// a site that pins an older MkDocs is built by the older rule
// (layout.Layout.RawH1Title), any other by the current one.
func pinsBefore15(dir string) bool {
	for _, name := range versionFiles {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			continue
		}
		for _, m := range mkdocsSpec.FindAllStringSubmatch(string(b), -1) {
			if specBefore15(m[1]) {
				return true
			}
		}
	}
	return false
}

// specBefore15 reports whether the version specifier spec (PEP 440's
// "==1.4.2", "<1.5", "<=1.4.3", "~=1.4.0", a bare "1.4.2", or Poetry's
// "~1.4", "^0.17") admits no MkDocs from 1.5 on.
func specBefore15(spec string) bool {
	for _, clause := range strings.Split(spec, ",") {
		clause = strings.TrimSpace(clause)
		op := strings.TrimRight(clause[:len(clause)-len(strings.TrimLeft(clause, "<>=!~^"))], " ")
		v := parseVersion(strings.TrimSpace(clause[len(op):]))
		if v == nil {
			continue
		}
		minor := 0
		if len(v) > 1 {
			minor = v[1]
		}
		before := func(major, m int) bool { return v[0] < major || v[0] == major && minor < m } // v < major.m
		switch op {
		case "", "==", "===":
			if before(1, 5) {
				return true
			}
		case "<":
			if before(1, 5) || v[0] == 1 && minor == 5 && allZero(v[2:]) { // "<1.5" admits no 1.5
				return true
			}
		case "<=":
			if before(1, 5) {
				return true
			}
		case "~=":
			// "~=1.4.2" is ">=1.4.2, ==1.4.*"; "~=1.4" is ">=1.4, ==1.*".
			if len(v) >= 3 && before(1, 5) || len(v) == 2 && v[0] < 1 {
				return true
			}
		case "~":
			// Poetry: "~1.4" is ">=1.4,<1.5"; "~1" is ">=1,<2".
			if len(v) >= 2 && before(1, 5) || len(v) == 1 && v[0] < 1 {
				return true
			}
		case "^":
			// Poetry: "^1.4" is ">=1.4,<2"; "^0.17" is ">=0.17,<0.18".
			if v[0] < 1 {
				return true
			}
		}
	}
	return false
}

// parseVersion is the numbers of a version "1.4.2" ("1.4.*" is 1.4), nil
// when it starts with none.
func parseVersion(s string) []int {
	var v []int
	for _, part := range strings.Split(s, ".") {
		n, err := strconv.Atoi(part)
		if err != nil {
			break
		}
		v = append(v, n)
	}
	return v
}

// allZero reports whether every number of v is 0 (none is).
func allZero(v []int) bool {
	for _, n := range v {
		if n != 0 {
			return false
		}
	}
	return true
}
