package starlight

import (
	"cmp"
	"fmt"
	"path"
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
// (https://docs.astro.build/en/guides/content-collections/: "src/content.config.ts";
// src/content/config.ts, the legacy place, too).
var ContentConfigNames = []string{"src/content.config.ts", "src/content.config.mts", "src/content.config.js", "src/content.config.mjs",
	"src/content/config.ts", "src/content/config.mts", "src/content/config.js", "src/content/config.mjs"}

// docsCollection finds the docs collection's loader: "docs:
// defineCollection({ loader: CALL(" and the call's argument text.
var docsCollection = regexp.MustCompile(`(?s)\bdocs\s*:\s*defineCollection\s*\(\s*\{.*?\bloader\s*:\s*([A-Za-z_$][\w$.]*)\s*\(([^)]*)\)`)

// loaderNote says, with one warning at its line, when the docs
// collection of the content config at dir is loaded by something other
// than Starlight's docsLoader() (https://starlight.astro.build/manual-setup/#configure-content-collections:
// "docs: defineCollection({ loader: docsLoader(), schema: docsSchema() })"):
// a glob() with its own pattern or base, another loader, or a
// generateId function, none of which sitegen runs: it builds
// src/content/docs/ as docsLoader() reads it.
func loaderNote(l *layout.Layout, dir string) {
	for _, name := range ContentConfigNames {
		if !layout.Exists(dir, name, false) {
			continue
		}
		raw, err := layout.ReadSetting(dir, name)
		if err != nil {
			return
		}
		dataNote(l, name, raw)
		m := docsCollection.FindSubmatchIndex(raw)
		if m == nil {
			return
		}
		loader, args := string(raw[m[2]:m[3]]), strings.TrimSpace(string(raw[m[4]:m[5]]))
		line := 1 + strings.Count(string(raw[:m[2]]), "\n")
		switch {
		case loader == "docsLoader" && args == "":
		case loader == "docsLoader":
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: docsLoader(%s) is not run: pages' ids and URLs come from their paths in %s", name, line, oneLine(args), Content))
		default:
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: the docs collection is loaded by %s(%s), which sitegen does not run: it builds %s as docsLoader() reads it, not the files that loader reads",
				name, line, loader, oneLine(args), path.Clean(Content)))
		}
		return
	}
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
