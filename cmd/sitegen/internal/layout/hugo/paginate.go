package hugo

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLayoutFiles bounds how many template files Paginates reads.
const maxLayoutFiles = 5000

// Paginates says whether a template of the site at dir (layouts/, and
// themes/NAME/layouts/ of each of themes) may write a list's further
// pages: "Hugo supports pagination for your home page, section pages,
// and taxonomies" through .Paginate or .Paginator in a list template
// (https://gohugo.io/templates/pagination/); a site whose templates call
// neither has none (eval8B MB13: hugo-theme-learn lists a section whole
// on one page). A theme sitegen cannot read (a Hugo module, a missing
// folder) may paginate. Symbolic links are not followed; a file larger
// than a template is skipped.
func Paginates(dir string, themes []string) bool {
	roots := []string{filepath.Join(dir, "layouts")}
	for _, t := range themes {
		if t == "" {
			continue
		}
		rel := themeDir(dir, t)
		if rel == "" {
			return true // a module not in the repository
		}
		root := filepath.Join(dir, filepath.FromSlash(rel), "layouts")
		if info, err := os.Lstat(root); err != nil || !info.IsDir() {
			return true
		}
		roots = append(roots, root)
	}
	files, found := 0, false
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || found {
				return filepath.SkipDir
			}
			if !d.Type().IsRegular() {
				return nil
			}
			if files++; files > maxLayoutFiles {
				found = true // too many to read: it may
				return filepath.SkipAll
			}
			if info, err := d.Info(); err != nil || info.Size() > maxTemplate {
				return nil
			}
			b, err := os.ReadFile(p)
			if err == nil && strings.Contains(string(b), ".Paginat") {
				found = true
				return filepath.SkipAll
			}
			return nil
		})
		if found {
			return true
		}
	}
	return false
}
