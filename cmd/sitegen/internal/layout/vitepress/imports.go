package vitepress

import (
	"path"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// localImport is an import of names from a module of the project's own
// ("import { nav, sidebar } from './configs'"); localReexport is a
// module's "export * from './sidebar'".
var (
	localImport   = regexp.MustCompile(`(?m)^\s*import\s*\{([^}]*)\}\s*from\s*['"](\.\.?/[^'"]+)['"]`)
	localReexport = regexp.MustCompile(`(?m)^\s*export\s*\*\s*from\s*['"](\.\.?/[^'"]+)['"]`)
	exportConst   = regexp.MustCompile(`(?m)^(\s*)export\s+(const|let|var)\b`)
	// moduleExport is a module's own default export, which must not
	// stand for the config's.
	moduleExport = regexp.MustCompile(`(?m)^(\s*)(?:export\s+default\b|module\.exports\s*=)`)
)

// maxImported bounds the modules read for one settings file.
const maxImported = 16

// withImports is the settings file raw (at file, in the project at dir)
// with the modules of the project it imports names from appended, their
// "export const" read as top-level declarations (a default export of
// theirs made a plain statement): a sidebar kept in
// .vitepress/configs/sidebar.ts is read as the config's own constant, as
// Node resolves "import { sidebar } from './configs'" (index.ts, its
// "export * from './sidebar'" followed). Appended, the config's own lines
// keep their numbers. A module that is not there, or out of the project
// (ReadSetting's rule), adds nothing: its names stay computed.
func withImports(dir, file string, raw []byte) []byte {
	out := raw
	seen := map[string]bool{}
	var add func(from, spec string)
	add = func(from, spec string) {
		base := path.Join(path.Dir(from), spec)
		for _, cand := range []string{base, base + ".ts", base + ".mts", base + ".js", base + ".mjs",
			base + "/index.ts", base + "/index.mts", base + "/index.js", base + "/index.mjs"} {
			if seen[cand] || len(seen) >= maxImported || strings.HasPrefix(cand, "../") || !layout.Exists(dir, cand, false) {
				continue
			}
			seen[cand] = true
			b, err := layout.ReadSetting(dir, cand)
			if err != nil {
				return
			}
			out = append(out, '\n')
			b = moduleExport.ReplaceAll(exportConst.ReplaceAll(b, []byte("$1$2")), []byte("${1}void "))
			out = append(out, b...)
			for _, m := range localReexport.FindAllSubmatch(b, -1) {
				add(cand, string(m[1]))
			}
			return
		}
	}
	for _, m := range localImport.FindAllSubmatch(raw, -1) {
		add(file, string(m[2]))
	}
	return out
}
