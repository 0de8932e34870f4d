package site

import (
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// The property tests of Update: a generated Obsidian vault and a
// generated Jekyll site (just-the-docs' front matter), then random
// sequences of saves of every kind (a body, a title, aliases, a heading
// other pages link to, a block id, a note other notes embed, tags, a new
// note, a note deleted, a note renamed or moved, a picture replaced), each
// followed by an Update whose output is compared, file by file, with a
// build of the edited source from nothing (updateRun.update). A seed
// fails with its number; -seeds runs more.

// genWords are the names of generated notes and headings.
var genWords = []string{"Fighter", "Wizard", "Rogue", "Cleric", "Combat", "Magic", "Spells", "Armor", "Weapons", "Skills",
	"Feats", "Races", "Elf", "Dwarf", "Orc", "Goblin", "Dragon", "Treasure", "Rest", "Death", "Conditions", "Movement",
	"Initiative", "Escalation", "Icons", "Backgrounds", "Monsters", "Traps", "Poison", "Light"}

// gnote is a generated note or page.
type gnote struct {
	path    string   // source-relative
	title   string   // front matter title, "" for none
	aliases []string // Obsidian's other names, or Jekyll's redirect_from
	tags    []string
	heads   []string
	blocks  []string // block ids
	paras   []string
	order   int    // Jekyll's nav_order, 0 for none
	parent  string // Jekyll's parent:
	link    string // Jekyll's permalink:, "" for none
}

// name is the note's file name without .md.
func (n *gnote) name() string { return strings.TrimSuffix(path.Base(n.path), ".md") }

// text is the note's file.
func (n *gnote) text(jekyll bool) string {
	var b strings.Builder
	if jekyll || n.title != "" || len(n.aliases) > 0 || len(n.tags) > 0 {
		b.WriteString("---\n")
		if n.title != "" {
			fmt.Fprintf(&b, "title: %s\n", n.title)
		}
		if len(n.aliases) > 0 {
			key := "aliases"
			if jekyll {
				key = "redirect_from"
			}
			fmt.Fprintf(&b, "%s: [%s]\n", key, strings.Join(n.aliases, ", "))
		}
		if len(n.tags) > 0 {
			fmt.Fprintf(&b, "tags: [%s]\n", strings.Join(n.tags, ", "))
		}
		if n.order > 0 {
			fmt.Fprintf(&b, "nav_order: %d\n", n.order)
		}
		if n.parent != "" {
			fmt.Fprintf(&b, "parent: %s\n", n.parent)
		}
		if n.link != "" {
			fmt.Fprintf(&b, "permalink: %s\n", n.link)
		}
		b.WriteString("---\n")
	}
	b.WriteString("\nIntro text.\n")
	for i, h := range n.heads {
		fmt.Fprintf(&b, "\n## %s\n\n", h)
		if i < len(n.paras) {
			b.WriteString(n.paras[i] + "\n")
		}
		if i < len(n.blocks) {
			fmt.Fprintf(&b, "\nA rule to cite. ^%s\n", n.blocks[i])
		}
	}
	for _, p := range n.paras[min(len(n.heads), len(n.paras)):] {
		b.WriteString("\n" + p + "\n")
	}
	return b.String()
}

// genSite is a generated site and the random source of its edits.
type genSite struct {
	r      *rand.Rand
	jekyll bool
	notes  []*gnote // embeds go from a note to an earlier one only: no cycle
	pics   []string
	n      int // notes made so far, for new names
}

// pick returns a random element of list.
func pick[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

// newName is a note name not taken yet.
func (g *genSite) newName() string {
	g.n++
	return fmt.Sprintf("%s %d", pick(g.r, genWords), g.n)
}

// folder is a random folder for a note.
func (g *genSite) folder() string {
	if g.jekyll {
		return pick(g.r, []string{"docs", "docs/rules", "docs/classes", "docs/monsters"})
	}
	return pick(g.r, []string{"", "Rules", "Rules/Combat", "Classes", "Monsters"})
}

// para is a paragraph of text that links to notes before index i (and
// for links, not embeds, any note), with tags and pictures.
func (g *genSite) para(i int) string {
	var parts []string
	for range 1 + g.r.IntN(3) {
		parts = append(parts, pick(g.r, []string{"Some words", "More rules here", "Roll the dice", "See also"}))
		if len(g.notes) == 0 {
			continue
		}
		t := pick(g.r, g.notes)
		if g.jekyll {
			parts = append(parts, g.jekyllLink(i, t))
			continue
		}
		switch k := g.r.IntN(10); {
		case k < 3:
			parts = append(parts, "[["+t.name()+"]]")
		case k == 3 && len(t.heads) > 0:
			parts = append(parts, "[["+t.name()+"#"+pick(g.r, t.heads)+"]]")
		case k == 4 && len(t.blocks) > 0:
			parts = append(parts, "[["+t.name()+"#^"+pick(g.r, t.blocks)+"|the rule]]")
		case k == 5 && len(t.aliases) > 0:
			parts = append(parts, "[["+pick(g.r, t.aliases)+"]]")
		case k == 6:
			parts = append(parts, "["+t.name()+"](<"+t.path+">)")
		case k == 7 && len(g.pics) > 0:
			parts = append(parts, "![["+pick(g.r, g.pics)+"]]")
		case k == 8:
			parts = append(parts, "#"+strings.ToLower(pick(g.r, genWords)))
		case k == 9:
			if j := g.r.IntN(max(i, 1)); j < i && j < len(g.notes) { // an embed of an earlier note
				e := g.notes[j]
				if len(e.heads) > 0 && g.r.IntN(2) == 0 {
					return strings.Join(parts, " ") + "\n\n![[" + e.name() + "#" + pick(g.r, e.heads) + "]]"
				}
				return strings.Join(parts, " ") + "\n\n![[" + e.name() + "]]"
			}
		}
	}
	return strings.Join(parts, " ") + "."
}

// jekyllLink is a Markdown link from note i to t as Jekyll sites write
// them: relative to the file, site-absolute, to a heading.
func (g *genSite) jekyllLink(i int, t *gnote) string {
	from := "docs"
	if i < len(g.notes) {
		from = path.Dir(g.notes[i].path)
	}
	rel := relPath(from, t.path)
	switch g.r.IntN(4) {
	case 0:
		return "[" + t.name() + "](" + strings.ReplaceAll(rel, " ", "%20") + ")"
	case 1:
		if len(t.heads) > 0 {
			return "[" + t.name() + "](" + strings.ReplaceAll(rel, " ", "%20") + "#" + slug(pick(g.r, t.heads)) + ")"
		}
	case 2:
		if t.link != "" {
			return "[" + t.name() + "](" + t.link + ")"
		}
	}
	return "[" + t.name() + "]({% link " + t.path + " %})"
}

// relPath is the relative path from folder from to file to.
func relPath(from, to string) string {
	r, err := filepath.Rel(from, to)
	if err != nil {
		return to
	}
	return filepath.ToSlash(r)
}

// slug is the id a heading of this text gets.
func slug(h string) string { return strings.ToLower(strings.ReplaceAll(h, " ", "-")) }

// newNote makes a note at index i.
func (g *genSite) newNote(i int) *gnote {
	n := &gnote{path: path.Join(g.folder(), g.newName()+".md")}
	for range g.r.IntN(3) {
		n.heads = append(n.heads, g.newName())
	}
	for range g.r.IntN(2) {
		n.blocks = append(n.blocks, fmt.Sprintf("b%d", g.r.IntN(1000)))
	}
	for range 1 + g.r.IntN(3) {
		n.paras = append(n.paras, g.para(i))
	}
	if g.r.IntN(3) == 0 {
		n.title = g.newName()
	}
	if g.jekyll {
		n.order = g.r.IntN(4)
		if g.r.IntN(4) == 0 && len(g.notes) > 0 {
			if t := pick(g.r, g.notes); t.title != "" {
				n.parent = t.title
			}
		}
		if g.r.IntN(6) == 0 {
			n.link = "/p/" + strings.ToLower(strings.ReplaceAll(g.newName(), " ", "-")) + "/"
		}
		if n.title == "" {
			n.title = n.name()
		}
	} else if g.r.IntN(4) == 0 {
		n.aliases = []string{g.newName()}
	}
	return n
}

// files is the whole source.
func (g *genSite) files() map[string]string {
	files := map[string]string{}
	if g.jekyll {
		files["_config.yml"] = "title: Generated SRD\nurl: https://srd.test\n"
		// The home page lists every page by its title (Liquid reading
		// the page list): a note added, removed or retitled changes it.
		files["index.md"] = "---\ntitle: Home\n---\n\nWelcome.\n\n{% for p in site.pages %}\n- [{{ p.title }}]({{ p.url | relative_url }})\n{% endfor %}\n"
	} else {
		files[".obsidian/app.json"] = "{}\n"
	}
	for _, n := range g.notes {
		files[n.path] = n.text(g.jekyll)
	}
	for i, p := range g.pics {
		files[p] = fmt.Sprintf("picture %d", i)
	}
	return files
}

// step makes one random save and returns the files it changes (path ->
// text, "" to remove, "->NEW" to move) and what it did.
func (g *genSite) step() (map[string]string, string) {
	i := g.r.IntN(len(g.notes))
	n := g.notes[i]
	write := func(what string) (map[string]string, string) {
		return map[string]string{n.path: n.text(g.jekyll)}, what + " " + n.path
	}
	switch k := g.r.IntN(12); k {
	case 0, 1:
		n.paras[g.r.IntN(len(n.paras))] = g.para(i)
		return write("body of")
	case 2:
		n.title = g.newName()
		return write("title of")
	case 3:
		if g.jekyll {
			n.order = g.r.IntN(5)
			return write("nav_order of")
		}
		if len(n.aliases) > 0 && g.r.IntN(2) == 0 {
			n.aliases = nil
		} else {
			n.aliases = append(n.aliases, g.newName())
		}
		return write("aliases of")
	case 4:
		if len(n.heads) == 0 {
			n.heads = append(n.heads, g.newName())
		} else {
			n.heads[g.r.IntN(len(n.heads))] = g.newName()
		}
		return write("heading of")
	case 5:
		if g.jekyll {
			if n.link == "" {
				n.link = "/p/" + strings.ToLower(strings.ReplaceAll(g.newName(), " ", "-")) + "/"
			} else {
				n.link = ""
			}
			return write("permalink of")
		}
		if len(n.blocks) > 0 && g.r.IntN(2) == 0 {
			n.blocks = n.blocks[1:]
		} else {
			n.blocks = append(n.blocks, fmt.Sprintf("b%d", g.r.IntN(1000)))
		}
		return write("block ids of")
	case 6:
		if g.jekyll {
			if t := pick(g.r, g.notes); t != n {
				n.parent = t.title
			}
			return write("parent of")
		}
		n.tags = append(n.tags, strings.ToLower(pick(g.r, genWords)))
		return write("tags of")
	case 7:
		nn := g.newNote(len(g.notes))
		g.notes = append(g.notes, nn)
		return map[string]string{nn.path: nn.text(g.jekyll)}, "new note " + nn.path
	case 8:
		if len(g.notes) < 4 {
			return write("body of")
		}
		g.notes = slices.Delete(g.notes, i, i+1)
		return map[string]string{n.path: ""}, "deleted " + n.path
	case 9, 10:
		old := n.path
		if k == 9 {
			n.path = path.Join(path.Dir(old), g.newName()+".md") // renamed
		} else {
			n.path = path.Join(g.folder(), path.Base(old)) // moved
			if n.path == old {
				return write("body of")
			}
			for _, o := range g.notes {
				if o != n && o.path == n.path {
					n.path = old
					return write("body of")
				}
			}
		}
		return map[string]string{old: "->" + n.path}, "moved " + old + " to " + n.path
	default:
		if g.jekyll || len(g.pics) == 0 || g.r.IntN(3) == 0 {
			p := path.Join(strings.TrimPrefix(g.folder(), "docs"), fmt.Sprintf("pic%d.png", g.r.IntN(1000)))
			p = strings.TrimPrefix(p, "/")
			if g.jekyll {
				p = path.Join("assets", p)
			}
			g.pics = append(g.pics, p)
			return map[string]string{p: "a new picture " + p}, "new picture " + p
		}
		p := pick(g.r, g.pics)
		return map[string]string{p: fmt.Sprintf("picture replaced %d", g.r.IntN(1000))}, "replaced picture " + p
	}
}

// newGenSite generates a site of n notes.
func newGenSite(seed uint64, n int, jekyll bool) *genSite {
	g := &genSite{r: rand.New(rand.NewPCG(seed, 35)), jekyll: jekyll}
	for i := range n {
		g.notes = append(g.notes, g.newNote(i))
	}
	if !jekyll {
		g.pics = []string{"pic0.png", "Rules/map.png"}
	}
	return g
}

// propSeeds is how many seeds TestUpdateProperty runs of each site.
var propSeeds = flag.Int("update.seeds", 2, "seeds of TestUpdateProperty for each kind of site")

func TestUpdateProperty(t *testing.T) {
	seeds := *propSeeds
	if testing.Short() {
		seeds = 1
	}
	for _, kind := range []string{"vault", "jekyll"} {
		for seed := range uint64(seeds) {
			for _, mode := range []struct{ keep, later bool }{{true, false}, {false, false}, {true, true}} {
				keep := mode.keep
				if !keep && seed > 0 {
					continue // one seed is enough to check Updates that render what they write
				}
				name := fmt.Sprintf("%s/seed=%d/incremental=%t", kind, seed, keep)
				if mode.later {
					name += "/navlater" // serve's: the pages whose navigation alone changed written after the Update (WriteLater)
				}
				t.Run(name, func(t *testing.T) {
					g := newGenSite(seed, 16, kind == "jekyll")
					src := t.TempDir()
					sitetest.WriteFiles(t, src, g.files())
					r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, keep)
					r.s.NavLater(mode.later)
					r.later = mode.later
					var log []string
					pending := map[string]string{} // saves an Update failed on: the next one gets them again
					for step := range 25 {
						edits, what := g.step()
						log = append(log, what)
						t.Logf("step %d: %s", step, what)
						for f, body := range edits {
							if strings.HasPrefix(body, "->") {
								pending[strings.TrimPrefix(body, "->")] = "" // written by the move
							}
							pending[f] = body
						}
						u := r.updateFiles(t, edits, slices.Sorted(maps.Keys(pending)))
						if len(u.Errors) == 0 {
							clear(pending)
						}
						if t.Failed() {
							t.Fatalf("after %q", log)
						}
					}
				})
			}
		}
	}
}

// updateFiles is update, with the changed files the Update is told of
// (the edits' and those of earlier failed Updates) given.
func (r *updateRun) updateFiles(t *testing.T, edits map[string]string, told []string) Update {
	t.Helper()
	r.told = told
	defer func() { r.told = nil }()
	return r.update(t, edits)
}
