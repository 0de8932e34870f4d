package mkdocs

import (
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// AwesomePages is the name plugins: gives the awesome-pages plugin
// (https://github.com/lukasgeiter/mkdocs-awesome-pages-plugin).
const AwesomePages = "awesome-pages"

// pagesFile is the file awesome-pages reads in each folder.
const pagesFile = ".pages"

// maxWalk bounds the entries awesome-pages' walk of docs_dir reads.
const maxWalk = 100000

// pagesConfig is what sitegen reads of a .pages file: "title", "hide",
// and "nav" (or the deprecated "arrange") with its "..." rest entry and
// "Title: name" entries. Other keys are named in Unread.
type pagesConfig struct {
	Title   string
	Hide    bool
	Items   []pagesItem
	HasList bool // nav: or arrange: given
	Rest    bool // the list holds "..." (or is arrange:, whose rest goes last)
	Unread  []string
}

// pagesItem is an entry of a .pages list: a file or folder name with its
// optional title, or the rest ("...").
type pagesItem struct {
	Name, Title string
	Rest        bool
}

// readPages reads the .pages file rel (source-relative).
func readPages(dir, rel string) (pagesConfig, error) {
	var c pagesConfig
	raw, err := layout.ReadSetting(dir, rel)
	if err != nil {
		return c, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return c, layout.YAMLError(rel, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return c, nil
	}
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i].Value, root.Content[i+1]
		switch k {
		case "title":
			c.Title = v.Value
		case "hide":
			c.Hide = layout.True(v.Value)
		case "nav", "arrange":
			c.HasList, c.Rest = true, k == "arrange"
			for _, it := range v.Content {
				switch {
				case it.Kind == yaml.ScalarNode && strings.HasPrefix(strings.TrimSpace(it.Value), "..."):
					if strings.TrimSpace(it.Value) != "..." {
						c.Unread = append(c.Unread, fmt.Sprintf("%s:%d: a filtered rest (%q: read as ...)", rel, it.Line, it.Value))
					}
					if !slices.ContainsFunc(c.Items, func(p pagesItem) bool { return p.Rest }) {
						c.Items = append(c.Items, pagesItem{Rest: true})
					}
					c.Rest = true
				case it.Kind == yaml.ScalarNode:
					c.Items = append(c.Items, pagesItem{Name: strings.Trim(it.Value, "/")})
				case it.Kind == yaml.MappingNode && len(it.Content) == 2 && it.Content[1].Kind == yaml.ScalarNode && !strings.Contains(it.Content[1].Value, "://"):
					c.Items = append(c.Items, pagesItem{Name: strings.Trim(it.Content[1].Value, "/"), Title: it.Content[0].Value})
				default:
					c.Unread = append(c.Unread, fmt.Sprintf("%s:%d: a link or a section in %s", rel, it.Line, k))
				}
			}
		default:
			c.Unread = append(c.Unread, fmt.Sprintf("%s:%d: %s", rel, root.Content[i].Line, k))
		}
	}
	return c, nil
}

// awesomeNav is the navigation the .pages files of docs (source-relative)
// give, as the plugin builds it over MkDocs' own (a folder's Markdown
// files, its index first, then its sub-folders, each by name), and
// notes on what it did not read. Hidden names are not walked, nor links.
func awesomeNav(dir, docs string, exts []string) ([]layout.NavEntry, []string, int, error) {
	var notes []string
	files, walked := 0, 0
	isPage := func(name string) bool {
		ext := path.Ext(name)
		return ext == ".md" || slices.Contains(exts, ext)
	}
	// walk returns the entries of folder rel, and the title its .pages
	// gives it; nil entries when it hides it.
	var walk func(rel string, depth int) ([]layout.NavEntry, string, error)
	walk = func(rel string, depth int) ([]layout.NavEntry, string, error) {
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", rel, err)
		}
		walked += len(entries)
		if walked > maxWalk {
			return nil, "", fmt.Errorf("%s: more than %d files and folders", docs, maxWalk)
		}
		var pages, dirs []string
		for _, e := range entries {
			name := e.Name()
			switch {
			case srcpath.SkippedPart(name) != "" || strings.HasPrefix(name, "."):
			case e.IsDir():
				dirs = append(dirs, name)
			case e.Type().IsRegular() && isPage(name):
				pages = append(pages, name)
			}
		}
		sort.Strings(pages)
		sort.Strings(dirs)
		slices.SortStableFunc(pages, func(a, b string) int { return boolInt(!isIndex(a)) - boolInt(!isIndex(b)) })
		var c pagesConfig
		if layout.Exists(dir, path.Join(rel, pagesFile), false) {
			files++
			if c, err = readPages(dir, path.Join(rel, pagesFile)); err != nil {
				return nil, "", err
			}
			notes = append(notes, c.Unread...)
		}
		items := append(slices.Clone(pages), dirs...)
		order := items
		titles := map[string]string{}
		if c.HasList {
			order = nil
			listed := map[string]bool{}
			for _, it := range c.Items {
				if !it.Rest {
					listed[it.Name] = true
				}
			}
			rest := slices.DeleteFunc(slices.Clone(items), func(n string) bool { return listed[n] })
			for _, it := range c.Items {
				switch {
				case it.Rest:
					order = append(order, rest...)
				case slices.Contains(items, it.Name):
					order = append(order, it.Name)
					titles[it.Name] = it.Title
				default:
					notes = append(notes, fmt.Sprintf("%s: %q is no file or folder here", path.Join(rel, pagesFile), it.Name))
				}
			}
			if c.Rest && !slices.ContainsFunc(c.Items, func(p pagesItem) bool { return p.Rest }) { // arrange: the rest last
				order = append(order, rest...)
			}
		}
		var out []layout.NavEntry
		for _, name := range order {
			child := path.Join(rel, name)
			if !slices.Contains(dirs, name) {
				inner := child
				if docs != "." {
					inner = strings.TrimPrefix(child, docs+"/")
				}
				out = append(out, layout.NavEntry{Path: inner, Title: titles[name], Depth: depth})
				continue
			}
			sub, title, err := walk(child, depth+1)
			if err != nil {
				return nil, "", err
			}
			if sub == nil {
				continue // hidden, or no page
			}
			// "Specifying a title for a directory containing a .pages
			// file that defines a title has no effect."
			out = append(out, layout.NavEntry{Title: cmp.Or(title, titles[name]), Depth: depth})
			out = append(out, sub...)
		}
		if c.Hide && rel != docs {
			return nil, "", nil
		}
		return out, c.Title, nil
	}
	nav, _, err := walk(docs, 0)
	return nav, notes, files, err
}

// isIndex reports whether a file is a folder's index page.
func isIndex(name string) bool {
	base := strings.TrimSuffix(name, path.Ext(name))
	return base == "index" || strings.EqualFold(base, "readme")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
