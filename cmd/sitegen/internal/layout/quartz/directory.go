package quartz

import (
	"encoding/json"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// WorkflowDir is where a repository keeps its GitHub Actions workflows,
// which run its Quartz build (`npx quartz build -d notes`).
const WorkflowDir = ".github/workflows"

// maxWorkflows bounds how many workflow files buildDirectory reads: a
// repository has a handful.
const maxWorkflows = 50

// buildRE is a `quartz build` command line's -d or --directory option:
// "`-d` or `--directory`: the content folder. This is normally just
// `content`" (https://quartz.jzhao.xyz/build; quartz/cli/args.js:
// `directory: {alias: ["d"], default: "content"}`).
// Quartz's own workflow template runs the CLI as `node
// ./quartz/bootstrap-cli.mjs build`, the script package.json's "quartz"
// names.
var buildRE = regexp.MustCompile(`\b(?:quartz|bootstrap-cli\.mjs)\s+build\b[^\n&|;]*?\s(?:-d|--directory)(?:\s+|=)("[^"\n]+"|'[^'\n]+'|[^\s"'&|;]+)`)

// buildDirectory returns the content folder the repository at dir builds
// Quartz from when it has no content/ folder: the folder a `quartz build
// -d DIR` names in one of its GitHub Actions workflows (the build that
// publishes the site), else in a package.json script; with where it was
// read. Only a folder that exists inside dir, and is not hidden, counts;
// "" when none does.
func buildDirectory(dir string) (folder, from string) {
	for _, b := range buildDirs(dir) {
		if path.Clean(b.dir) == "." { // the repository's root itself
			return ".", b.from
		}
		if p := usable(dir, b.dir); p != "" {
			return p, b.from
		}
	}
	return "", ""
}

// buildDir is the folder one `quartz build -d DIR` names and the file it
// was read from; the folder as written, or, after a cd (moved), resolved
// from the folder the workflow or script starts in.
type buildDir struct {
	dir, from string
	moved     bool
}

// buildDirs are the folders the `quartz build -d DIR` commands of dir's
// GitHub Actions workflows, then of its package.json scripts, name, as
// written; each file is read through layout.ReadSetting (inside dir, at
// most MaxSettingBytes), at most maxWorkflows workflows.
func buildDirs(dir string) []buildDir {
	var files []string
	if entries, err := os.ReadDir(dir + "/" + WorkflowDir); err == nil {
		for _, e := range entries {
			if n := e.Name(); !e.IsDir() && (strings.HasSuffix(n, ".yml") || strings.HasSuffix(n, ".yaml")) {
				files = append(files, path.Join(WorkflowDir, n))
			}
		}
	}
	slices.Sort(files)
	files = files[:min(len(files), maxWorkflows)]
	files = append(files, "package.json")
	var out []buildDir
	for _, f := range files {
		raw, err := layout.ReadSetting(dir, f)
		if err != nil {
			continue
		}
		lines := []string{string(raw)}
		if f == "package.json" {
			lines = scripts(raw)
		}
		for _, text := range lines {
			for _, m := range buildRE.FindAllStringSubmatchIndex(text, -1) {
				b := buildDir{dir: strings.Trim(text[m[2]:m[3]], `"'`), from: f}
				if cd := cdBefore(text, m[0]); cd != "" && !path.IsAbs(b.dir) {
					b.dir, b.moved = path.Join(cd, b.dir), true
				}
				out = append(out, b)
			}
		}
	}
	return out
}

// cdRE is a shell's cd command and its folder.
var cdRE = regexp.MustCompile(`(?:^|[\s;&|])cd\s+("[^"\n]+"|'[^'\n]+'|[^\s"';&|]+)`)

// cdBefore is the folder the last cd before offset at of text moves to,
// within the same step (after the last "run:" of a workflow), "" when
// none does: the command at `at` runs there, and the -d it names is
// read from there, as a shell resolves it (markbrockettrobson/
// Grand-Arcadian-Archipelago-dnd-website: "cd .quartz" then "npx quartz
// build --directory ..", the repository's root).
func cdBefore(text string, at int) string {
	step := text[:at]
	if i := strings.LastIndex(step, "run:"); i >= 0 {
		step = step[i:]
	}
	m := cdRE.FindAllStringSubmatch(step, -1)
	if len(m) == 0 {
		return ""
	}
	return strings.Trim(m[len(m)-1][1], `"'`)
}

// scripts are the commands of package.json's scripts.
func scripts(raw []byte) []string {
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if json.Unmarshal(raw, &pkg) != nil {
		return nil
	}
	keys := make([]string, 0, len(pkg.Scripts))
	for k := range pkg.Scripts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, pkg.Scripts[k])
	}
	return out
}

// usable is the folder d (as written on a command line) as a clean
// source-relative path when it is a folder inside dir, not hidden and not
// reached through a symbolic link out of dir; "" otherwise.
func usable(dir, d string) string {
	p := layout.CleanRel(strings.TrimPrefix(d, "./"))
	if p == "" || p == "." || srcpath.SkippedPart(p) != "" || !layout.Exists(dir, p, true) {
		return ""
	}
	if _, err := srcpath.Check(dir, p); err != nil {
		return ""
	}
	return p
}
