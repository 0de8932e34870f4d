package obsidian

import (
	"cmp"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// The Homepage plugin (https://github.com/mirnovov/obsidian-homepage):
// its id in community-plugins.json and its settings.
const (
	homepageID   = "homepage"
	homepageFile = Dir + "/plugins/" + homepageID + "/data.json"
)

// maxHomeWalk bounds the files looked at to find the Homepage plugin's
// note by its name alone.
const maxHomeWalk = 200_000

// homepage returns the content-relative path of the note the Homepage
// plugin opens at startup, "" when it opens none of the vault's notes or
// the vault does not enable it. "By default, Homepage opens a note called
// `Home` at startup … Use any note, canvas, workspace, or base as your
// homepage" (its README). Its settings (src/settings.ts, src/main.ts):
// version 3 and 4 keep the homepage under homepages["Main Homepage"],
// over DEFAULT_DATA (value "Home", kind "File", openOnStartup true); an
// older data.json has defaultNote ("Home" by default) unless
// workspaceEnabled or momentFormat made it a workspace or a daily note.
// The note is the one a link from the vault's root finds
// (getFirstLinkpathDest(value, "/")): the path as written, else a note of
// that name in a folder, the shortest path first. A canvas is a page of
// the site; a base is not.
func homepage(dir string, plugins []string) (string, error) {
	if plugins != nil && !slices.Contains(plugins, homepageID) {
		return "", nil
	}
	m, err := decode(dir, homepageFile)
	if err != nil || m == nil {
		return "", err
	}
	data := map[string]any{}
	switch v, _ := m["version"].(float64); {
	case v == 3 || v == 4:
		pages, _ := m["homepages"].(map[string]any)
		if data, _ = pages["Main Homepage"].(map[string]any); data == nil {
			return "", nil
		}
	case m["workspaceEnabled"] == true || m["momentFormat"] != nil && m["momentFormat"] != "":
		return "", nil
	default:
		data["value"] = cmp.Or(str(m["defaultNote"]), "Home")
	}
	if kind, ok := data["kind"].(string); ok && kind != "File" || data["openOnStartup"] == false {
		return "", nil
	}
	value := "Home"
	if v, ok := data["value"].(string); ok {
		value = v
	}
	value = layout.CleanRel(value)
	if value == "" || value == "." {
		return "", nil
	}
	switch ext := path.Ext(value); {
	case ext == ".md" || ext == ".canvas": // a canvas is a page (canvas.go)
	case ext == ".base":
		return "", nil
	default:
		value += ".md"
	}
	if _, err := srcpath.Check(dir, value); err == nil && layout.Exists(dir, value, false) {
		return value, nil
	}
	if strings.Contains(value, "/") {
		return "", nil
	}
	return findNote(dir, value), nil
}

// findNote returns the shortest path (then the first in byte order) of a
// note named name in the vault at dir, hidden folders left out; "" for
// none.
func findNote(dir, name string) string {
	var best string
	seen := 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > maxHomeWalk {
			return filepath.SkipAll
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !d.Type().IsRegular() || !strings.EqualFold(d.Name(), name) {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		if best == "" || len(rel) < len(best) || len(rel) == len(best) && rel < best {
			best = rel
		}
		return nil
	})
	return best
}
