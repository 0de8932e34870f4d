package zola

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/frontspan"
	"d6codex/cmd/sitegen/internal/layout"
)

// A page or section whose text is written by its Tera template
// (https://www.getzola.org/documentation/content/section/#front-matter:
// "template: Template to use to render this section page"; "page_template:
// Apply the given template to ALL pages below the section, recursively. If
// you have several nested sections each with a page_template set, the page
// will always use the closest to itself. However, a page own `template`
// variable will always have priority"): sitegen does not run Tera, so a
// page with no Markdown of its own and a template of the site's shows its
// title and description only (vallode/mhfu-blacksmith's weapon trees:
// template = "weapon-tree.html" lays out [extra] map). That is said, at
// the template = line (line 1 for a section's page_template), naming the
// template, never silently. The data of [extra] is not shown: a template
// lays it out in ways sitegen cannot guess (mhfu's map is a grid of
// weapon names, its JSON beside it).

// templateKey starts the line of a template key of TOML or YAML front
// matter.
var templateKey = regexp.MustCompile(`^[ \t]*template[ \t]*[:=]`)

// templateNote is the warning for the page file (source-relative) whose
// expanded text is src, when the page has no text of its own and a
// template of the site's writes it; nil otherwise. The template is the
// one Zola's Library::populate_sections chooses: the page's own template
// (front matter, not a key of a table such as [extra]), else the
// page_template of the closest of its ancestors, the sections from its
// parent section up; a page whose folder has no _index.md (an orphan
// page) has no ancestors, so no page_template (page.html renders it).
func (r *rules) templateNote(file string, src []byte) *layout.Problem {
	sp := frontspan.Find(src, frontspan.Options{TOML: true, Leading: true})
	if !sp.Closed || len(bytes.TrimSpace(src[sp.Next:])) > 0 {
		return nil
	}
	line, name, from := 1, "", ""
	if t, ok := frontMatter(src)["template"].(string); ok && strings.TrimSpace(t) != "" {
		name = strings.TrimSpace(t)
		line += bytes.Count(src[:sp.Start], []byte("\n")) + templateKeyLine(src[sp.Start:sp.End], sp.Delim == "+++")
	} else if path.Base(file) != "_index.md" {
		rel := strings.TrimPrefix(file, r.content+"/")
		dir := path.Dir(rel)
		if path.Base(rel) == "index.md" {
			dir = path.Dir(dir)
		}
		if dir == "." {
			dir = ""
		}
		if r.secs.of(dir) == nil {
			return nil // an orphan page: no ancestors, no page_template
		}
		for d := dir; name == "" && d != ""; d = path.Dir(d) {
			if d == "." {
				d = ""
			}
			if t, ok := r.secs.of(d)["page_template"].(string); ok && strings.TrimSpace(t) != "" {
				name, from = strings.TrimSpace(t), path.Join(r.content, d, "_index.md")
			}
			if d == "" {
				break
			}
		}
	}
	if name == "" {
		return nil
	}
	shows := "its title and description only"
	if path.Base(file) == "_index.md" {
		shows = "its title, description and sitegen's list of the section's pages; what else the template writes (from [extra]) is not shown"
	}
	msg := fmt.Sprintf("the page has no text of its own: Zola writes it from its template templates/%s (Tera), which sitegen does not run, so the page shows %s", name, shows)
	if from != "" {
		msg = fmt.Sprintf("the page has no text of its own: Zola writes it from templates/%s (the page_template of %s; Tera), which sitegen does not run, so the page shows %s", name, from, shows)
	}
	return &layout.Problem{Line: line, Col: 1, Warning: true, Msg: msg}
}

// templateKeyLine is the 0-based line, within the front matter fm, of
// its top-level template key: in TOML, before the first [table] header;
// in YAML, not indented. 0 when it is not found.
func templateKeyLine(fm []byte, toml bool) int {
	for i, l := range strings.Split(string(fm), "\n") {
		t := strings.TrimSpace(l)
		if toml && strings.HasPrefix(t, "[") {
			break
		}
		if !toml && l != strings.TrimLeft(l, " \t") {
			continue
		}
		if templateKey.MatchString(l) {
			return i
		}
	}
	return 0
}
