package starlight

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// contentPlugins are the Starlight plugins known to add pages, by
// package, and what of them sitegen does not build: "Plugins can
// customize Starlight configuration, UI, and behavior"
// (https://starlight.astro.build/reference/plugins/), some by pages of
// their own that no file of src/content/docs/ holds.
var contentPlugins = map[string]string{
	"starlight-blog":     "the blog's pages it generates (the posts' list, tags, authors, RSS under /blog/ or its prefix); its posts in src/content/docs/blog/ are built as ordinary pages",
	"starlight-obsidian": "the pages it generates from an Obsidian vault at build time (under its output folder, notes/ by default)",
	"starlight-openapi":  "the pages it generates from an OpenAPI schema",
	"starlight-typedoc":  "the pages it generates from TypeScript sources with TypeDoc",
	"starlight-videos":   "the video and course pages it generates",
}

// uiPlugins are plugins that add no page (a check, a look, a component):
// nothing of the site is missing without them.
var uiPlugins = []string{"starlight-links-validator", "starlight-image-zoom", "starlight-client-mermaid", "starlight-heading-badges",
	"starlight-giscus", "starlight-llms-txt", "starlight-auto-sidebar", "starlight-kbd", "starlight-scroll-to-top", "starlight-sidebar-topics",
	"@astrojs/starlight-docsearch", "@astrojs/starlight-tailwind", "starlight-package-managers", "starlight-contextual-menu"}

// importFrom finds "import NAME from 'PACKAGE'" and "import { NAME } from
// 'PACKAGE'" lines.
var importFrom = regexp.MustCompile(`import\s+(?:([A-Za-z_$][\w$]*)|\{([^}]*)\})\s+from\s+["']([^"']+)["']`)

// imports maps each name the config imports to its package.
func imports(raw []byte) map[string]string {
	out := map[string]string{}
	for _, m := range importFrom.FindAllSubmatch(raw, -1) {
		pkg := string(m[3])
		if len(m[1]) > 0 {
			out[string(m[1])] = pkg
		}
		for _, n := range strings.Split(string(m[2]), ",") {
			n = strings.TrimSpace(n)
			if _, as, ok := strings.Cut(n, " as "); ok {
				n = strings.TrimSpace(as)
			}
			if n != "" {
				out[n] = pkg
			}
		}
	}
	return out
}

// pluginNotes says, one warning for each at its line in file, which
// plugins of the starlight({plugins: [...]}) setting obj add pages
// sitegen does not build (contentPlugins), or may (any plugin not known
// to add none): sitegen runs no plugin.
func pluginNotes(l *layout.Layout, file string, raw []byte, obj *jsconfig.Object) {
	list, _ := obj.Get("plugins").([]any)
	pkgs := imports(raw)
	for _, x := range list {
		c, ok := x.(jsconfig.Call)
		if !ok {
			if v, computed := x.(jsconfig.Computed); computed {
				l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: plugin %s is not run (sitegen runs no Node): pages it adds are not built", file, v.Line, v.Text))
			}
			continue
		}
		pkg := pkgs[c.Callee]
		switch what, known := contentPlugins[pkg]; {
		case known:
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: plugin %s (%s) is not run: sitegen does not build %s", file, c.Line, c.Callee, pkg, what))
		case isUIPlugin(pkg):
		default:
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: plugin %s (%s) is not run: pages or components it adds are not built", file, c.Line, c.Callee, cmp.Or(pkg, "not imported")))
		}
	}
}

// isUIPlugin reports whether package pkg is a plugin known to add no
// page: one of uiPlugins, a theme, or one of Astro's own.
func isUIPlugin(pkg string) bool {
	return slices.Contains(uiPlugins, pkg) || strings.HasPrefix(pkg, "starlight-theme-") || strings.HasPrefix(pkg, "@astrojs/starlight-")
}

// ContentConfigNames are where Astro reads the content collections from
// with its default srcDir, ./src (https://docs.astro.build/en/guides/content-collections/: "src/content.config.ts";
// src/content/config.ts, the legacy place, too).
var ContentConfigNames = []string{"src/content.config.ts", "src/content.config.mts", "src/content.config.js", "src/content.config.mjs",
	"src/content/config.ts", "src/content/config.mts", "src/content/config.js", "src/content/config.mjs"}

// docsCollection finds the docs collection's loader: "docs:
// defineCollection({ loader: NAME(", or "const docs =
// defineCollection({ loader: NAME(" exported as "collections = { docs
// }" (the call's arguments: callArgs).
var docsCollection = regexp.MustCompile(`(?s)\bdocs\s*(?::|=)\s*defineCollection\s*\(\s*\{.*?\bloader\s*:\s*([A-Za-z_$][\w$.]*)\s*\(`)

// regexGroup finds a group "(md|mdx)" of a glob that is no extglob (no
// "!", "@", "*", "+" or "?" before it): picomatch, which Astro's glob
// loader matches with, reads it as either ("regex groups",
// https://github.com/micromatch/picomatch#matching-features), as a
// brace "{md,mdx}" is read.
var regexGroup = regexp.MustCompile(`(^|[^!@*+?])\(([^()|]*(?:\|[^()|]*)+)\)`)

// braceGroups is the glob p with its regex groups as braces.
func braceGroups(p string) string {
	return regexGroup.ReplaceAllStringFunc(p, func(m string) string {
		sub := regexGroup.FindStringSubmatch(m)
		return sub[1] + "{" + strings.ReplaceAll(sub[2], "|", ",") + "}"
	})
}

// callArgs is the text of a call's arguments from just after its "(" at
// the start of s to its matching ")", strings and template literals
// skipped; ok is false when the call is not closed.
func callArgs(s string) (args string, ok bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'', '`':
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return s[:i], c == ')'
			}
			depth--
		}
	}
	return "", false
}

// docsSource is where the docs collection's pages are: the folder they
// are read from (source-relative) and, for a glob() loader, the rule
// that leaves out the files its patterns do not name.
type docsSource struct {
	content string
	rule    *layout.PathRule
}

// GlobReason is what the build's report says of a file of the docs
// folder the glob() loader's patterns do not name.
const GlobReason = "not named by the docs collection's glob() pattern (Astro's glob loader)"

// readDocs reads the content config of the Starlight site at dir, whose
// Astro srcDir is srcDir, for where its docs collection is: "Starlight
// … pages … from src/content/docs/", the folder docsLoader() reads
// ("Loads content files from the src/content/docs/ directory, ignoring
// filenames starting with _", Starlight 0.36's loaders.ts: srcDir's
// content/docs), or the folder and patterns of Astro's glob() loader,
// "The glob() loader creates entries from directories of files from
// anywhere on the filesystem … pattern, base (optional)"
// (https://docs.astro.build/en/reference/content-loader-reference/#glob-loader):
// base relative to the project's root (the folder of astro.config),
// pattern a glob or a list of them, "!" ones leaving files out
// (tinyglobby). A loader sitegen does not read (another loader, a
// generateId function, a base or pattern it computes) is warned, at its
// line, and srcDir's content/docs is read as docsLoader() reads it.
// The other collections it defines are named in one warning (dataNote).
func readDocs(l *layout.Layout, dir, srcDir string) docsSource {
	def := docsSource{content: path.Join(srcDir, "content/docs")}
	for _, name := range contentConfigNames(srcDir) {
		if !layout.Exists(dir, name, false) {
			continue
		}
		raw, err := layout.ReadSetting(dir, name)
		if err != nil {
			return def
		}
		dataNote(l, name, raw)
		m := docsCollection.FindSubmatchIndex(raw)
		if m == nil {
			return def
		}
		loader := string(raw[m[2]:m[3]])
		args, _ := callArgs(string(raw[m[1]:]))
		args = strings.TrimSpace(args)
		line := 1 + strings.Count(string(raw[:m[2]]), "\n")
		switch {
		case loader == "docsLoader" && args == "":
		case loader == "docsLoader":
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: docsLoader(%s) is not run: pages' ids and URLs come from their paths in %s", name, line, oneLine(args), def.content))
		case loader == "glob":
			src, why := globSource(args)
			if why == "" && !layout.Exists(dir, src.content, true) {
				why = "its base " + src.content + " is no folder: Astro warns and loads no page from it"
			}
			if why == "" {
				return src
			} else {
				l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: the docs collection is loaded by glob(%s), which sitegen does not read (%s): it builds %s as docsLoader() reads it, not the files that loader reads",
					name, line, oneLine(args), why, def.content))
			}
		default:
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: the docs collection is loaded by %s(%s), which sitegen does not run: it builds %s as docsLoader() reads it, not the files that loader reads",
				name, line, loader, oneLine(args), def.content))
		}
		return def
	}
	return def
}

// globSource reads the options of a glob() loader (args, the text of the
// call's argument): its base, a folder inside the project ("." by
// default: the project's root), and its pattern, a string or a list of
// strings. why says what is not read, "" when all is.
func globSource(args string) (src docsSource, why string) {
	f := jsconfig.Parse([]byte("export default " + args))
	obj, ok := f.Root.(*jsconfig.Object)
	if !ok {
		return src, "its options are computed"
	}
	if obj.Has("generateId") {
		return src, "a generateId function"
	}
	base := "."
	if v := obj.Get("base"); v != nil {
		s, ok := v.(string)
		if !ok {
			return src, "a computed base"
		}
		base = s
	}
	base = path.Clean(filepath.ToSlash(strings.TrimPrefix(base, "file://")))
	if path.IsAbs(base) || base == ".." || strings.HasPrefix(base, "../") {
		return src, "a base outside the project's folder"
	}
	var patterns []string
	switch v := obj.Get("pattern").(type) {
	case string:
		patterns = []string{v}
	case []any:
		for _, x := range v {
			s, ok := x.(string)
			if !ok {
				return src, "a computed pattern"
			}
			patterns = append(patterns, s)
		}
	default:
		return src, "a computed pattern"
	}
	var names, out []string
	for _, p := range patterns {
		p = braceGroups(p)
		if q, ok := strings.CutPrefix(p, "!"); ok {
			out = append(out, q)
		} else {
			names = append(names, p)
		}
	}
	if len(names) == 0 {
		return src, "no pattern names a file"
	}
	// The pages are the files one pattern names and no "!" pattern
	// leaves out: a file named by none is left out ("!({a,b})").
	out = append(out, "!({"+strings.Join(names, ",")+"})")
	if len(names) == 1 {
		out[len(out)-1] = "!(" + names[0] + ")"
	}
	return docsSource{content: base, rule: &layout.PathRule{Reason: GlobReason, Patterns: layout.ParseTinyGlobs(out...), Pages: true}}, ""
}

// contentConfigNames are where Astro reads the content collections from
// in srcDir (ContentConfigNames, for srcDir "src").
func contentConfigNames(srcDir string) []string {
	names := make([]string, len(ContentConfigNames))
	for i, n := range ContentConfigNames {
		names[i] = path.Join(srcDir, strings.TrimPrefix(n, "src/"))
	}
	return names
}

// oneLine is s on one line, cut short.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// collectionDef finds each "NAME: defineCollection(" of a content config.
var collectionDef = regexp.MustCompile(`(?m)^\s*([A-Za-z_$][\w$]*)\s*:\s*defineCollection\s*\(`)

// dataNote says, in one warning at the first one's line in the content
// config file name, which collections besides Starlight's docs and i18n
// it defines ("cards: defineCollection({ loader: async () => … })", a
// data collection, https://docs.astro.build/en/guides/content-collections/):
// sitegen loads none of them, and the pages that show them are Astro
// components it does not build (the src/pages note names those).
func dataNote(l *layout.Layout, name string, raw []byte) {
	var names []string
	line := 0
	for _, m := range collectionDef.FindAllSubmatchIndex(raw, -1) {
		n := string(raw[m[2]:m[3]])
		if n == "docs" || n == "i18n" {
			continue
		}
		if line == 0 {
			line = 1 + strings.Count(string(raw[:m[2]]), "\n")
		}
		names = append(names, n)
	}
	if len(names) > 0 {
		l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: collection(s) %s are not loaded (sitegen runs no loader): what Astro pages build from them is not built",
			name, line, strings.Join(names, ", ")))
	}
}
