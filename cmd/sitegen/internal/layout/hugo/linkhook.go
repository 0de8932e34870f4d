package hugo

import (
	"os"
	"path/filepath"
	"strings"

	"d6codex/cmd/sitegen/internal/srcpath"
)

// LinkHook returns the source-relative file of the site's link render
// hook, or "" when it has none: "When rendering Markdown to HTML, render
// hooks override the conversion. Each render hook is a template"
// (https://gohugo.io/render-hooks/introduction/), the link's one
// layouts/_default/_markup/render-link.html (layouts/_markup/ since Hugo
// 0.146), or one per page type (layouts/books/_markup/render-link.html)
// or output format (render-link.text.txt), in the site's layouts or a
// theme's. Only an HTML one counts: it is what the pages' links are.
func LinkHook(dir string, themes []string) string {
	roots := []string{"layouts"}
	for _, t := range themes {
		if root := themeDir(dir, t); root != "" {
			roots = append(roots, root+"/layouts")
		}
	}
	for _, root := range roots {
		for _, sub := range []string{"_markup", "_default/_markup"} {
			if rel := root + "/" + sub + "/render-link.html"; isFile(dir, rel) {
				return rel
			}
		}
		// A hook for one page type: layouts/TYPE/_markup/render-link.html.
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(root)))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || e.Name() == "_markup" || e.Name() == "_default" {
				continue
			}
			if rel := root + "/" + e.Name() + "/_markup/render-link.html"; isFile(dir, rel) {
				return rel
			}
		}
	}
	return ""
}

// isFile reports whether rel is a regular file inside dir, reached
// without a link out of it.
func isFile(dir, rel string) bool {
	if _, err := srcpath.Check(dir, rel); err != nil {
		return false
	}
	info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil && info.Mode().IsRegular()
}
