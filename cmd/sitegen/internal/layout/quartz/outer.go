package quartz

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// outerProject finds the Quartz project that publishes the folder dir
// from outside it: a quartz.config.ts in dir's parent folder or in a
// folder beside dir (not hidden, at most maxNested entries read) whose
// build names dir as its content, `quartz build -d ../vault` in its
// package.json's scripts, or in a GitHub Actions workflow of it or of the
// parent folder (resolved from the project's folder or from the parent,
// the workflow's working-directory unread). It returns the project's
// folder and the file the -d was read from (relative to the parent), ""
// when none or more than one names dir.
func outerProject(dir string) (project, from string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", ""
	}
	parent := filepath.Dir(abs)
	if parent == abs {
		return "", ""
	}
	candidates := []string{parent}
	if f, err := os.Open(parent); err == nil {
		entries, _ := f.ReadDir(maxNested)
		f.Close()
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() && !strings.HasPrefix(name, ".") && name != "node_modules" && filepath.Join(parent, name) != abs {
				candidates = append(candidates, filepath.Join(parent, name))
			}
		}
	}
	type owned struct {
		buildDir
		owner string
	}
	var rootBuilds []owned
	for _, b := range buildDirs(parent) {
		rootBuilds = append(rootBuilds, owned{b, parent})
	}
	for _, q := range candidates {
		if !layout.Exists(q, ConfigFile, false) {
			continue
		}
		var builds []owned
		if q != parent {
			for _, b := range buildDirs(q) {
				builds = append(builds, owned{b, q})
			}
		}
		for _, b := range append(builds, rootBuilds...) {
			for _, base := range []string{q, parent} {
				if filepath.IsAbs(b.dir) || filepath.Join(base, b.dir) != abs {
					continue
				}
				if project != "" && project != q {
					return "", ""
				}
				if project == "" {
					rel, _ := filepath.Rel(parent, filepath.Join(b.owner, b.from))
					project, from = q, filepath.ToSlash(rel)
				}
			}
		}
	}
	return project, from
}

// nestedBuild is the source-relative content folder the Quartz project in
// dir's folder sub builds (`quartz build -d ../vault`), from a workflow of
// dir (GitHub runs only the root's), else from sub's package.json scripts,
// resolved from sub, with where it was read; "" when none names a usable
// folder (usable) outside sub: a checkout of Quartz keeps its own
// workflows and a docs script (-d docs) for its own documentation.
func nestedBuild(dir, sub string) (folder, from string) {
	builds := buildDirs(dir)
	for _, b := range buildDirs(filepath.Join(dir, sub)) {
		if b.from == "package.json" {
			builds = append(builds, buildDir{dir: b.dir, from: path.Join(sub, b.from)}) // from sub, cd or not
		}
	}
	for _, b := range builds {
		d := path.Join(sub, b.dir) // run in sub (its working-directory, unread)
		if b.moved {
			d = b.dir // a cd said where: resolved from where it starts
		}
		p := usable(dir, d)
		if p != "" && p != sub && !strings.HasPrefix(p, sub+"/") {
			return p, b.from
		}
	}
	return "", ""
}
