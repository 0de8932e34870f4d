package hugo

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// themes returns the site's themes in Hugo's order: the theme setting's
// names (one name or a list), then the paths of module.imports. low is
// the settings with lower-case keys. A theme is a folder name under
// themes/ or a module path (github.com/jack-hk/Atlas); themeDir says where
// each is on disk.
func themes(low map[string]any) []string {
	out := layout.Strings(low, "theme")
	for _, p := range moduleImports(low) {
		if !containsFold(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// containsFold reports whether list holds s, ignoring case.
func containsFold(list []string, s string) bool {
	for _, e := range list {
		if strings.EqualFold(e, s) {
			return true
		}
	}
	return false
}

// moduleImports returns the paths of module.imports (YAML/JSON lists of
// maps, TOML's [[module.imports]]).
func moduleImports(low map[string]any) []string {
	var imports []any
	switch im := lookup(low, "module", "imports").(type) {
	case []any: // YAML, JSON
		imports = im
	case []map[string]any: // TOML's [[module.imports]]
		for _, m := range im {
			imports = append(imports, m)
		}
	}
	var out []string
	for _, im := range imports {
		if mm, ok := im.(map[string]any); ok {
			if p, _ := lower(mm)["path"].(string); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// isModulePath reports whether a theme is a module path
// (github.com/owner/name) rather than a folder name under themes/.
func isModulePath(t string) bool { return strings.Contains(t, "/") }

// plainPath reports whether a theme's name or module path is clean,
// relative and free of hidden parts ("..", ".git").
func plainPath(t string) bool {
	return t != "" && !path.IsAbs(t) && path.Clean(t) == t && !strings.HasPrefix(t, ".") && !strings.Contains(t, "/.") && !strings.Contains(t, `\`)
}

// themeDir is the folder (slash path relative to dir) of a theme, or ""
// where it is not in the repository. A name is themes/NAME. A module path
// is read where Hugo reads it without a network: "Vendor all module
// dependencies into the _vendor directory. If a module is vendored, that
// is where Hugo will look for it's dependencies"
// (https://gohugo.io/commands/hugo_mod_vendor/), so _vendor/PATH first;
// else themes/PATH, where Hugo finds a module path that is a folder of its
// themes directory (https://gohugo.io/hugo-modules/use-modules/). A path
// that is not clean and relative, or a folder reached through a symbolic
// link, is not read.
func themeDir(dir, t string) string {
	t = strings.TrimSuffix(t, "/")
	if !plainPath(t) {
		return ""
	}
	if !isModulePath(t) {
		return "themes/" + t
	}
	for _, root := range []string{"_vendor/" + t, "themes/" + t} {
		if info, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(root))); err == nil && info.IsDir() {
			return root
		}
	}
	return ""
}

// AbsentModules returns the site's theme modules that are neither
// vendored (_vendor/PATH) nor under themes/: Hugo fetches them into its
// module cache at build time, which sitegen does not do. low is the
// settings with lower-case keys.
func AbsentModules(dir string, low map[string]any) []string {
	var out []string
	for _, t := range themes(low) {
		if isModulePath(t) && plainPath(strings.TrimSuffix(t, "/")) && themeDir(dir, t) == "" {
			out = append(out, t)
		}
	}
	return out
}
