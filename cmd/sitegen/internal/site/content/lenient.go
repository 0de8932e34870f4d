package content

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// What another tool builds through and sitegen reports (issue 32): the
// layout's tool is the specification, so what it tolerates (a YAML key
// set twice, where the last is read; one text where a list is expected;
// two pages written to one URL, where the tool writes one of them) is not
// a reason to publish nothing. In lenient mode (--broken-links warn, or
// brokenLinks = "warn" in site.toml) each is a warning and the site is
// built as the tool builds it; otherwise each is an error that says the
// tool builds it, so a strict build shows where sitegen is stricter than
// the tool. sitegen's own layout has no other tool: there each stays an
// error.

// lenient reports whether the build turns what the layout's tool
// tolerates into warnings.
func (s *Site) lenient() bool { return s.Cfg.Lenient }

// Tolerate records a problem that the layout's tool builds through: a
// warning in lenient mode, else an error that says so.
func (s *Site) Tolerate(file string, line, col int, field, msg string) {
	if d, warning := s.tolerance(file, line, col, field, msg); warning {
		s.Warn.add(d)
	} else {
		s.Diag.add(d)
	}
}

// LenientWarning records a problem the layout's tool stops its build on
// too, which lenient mode builds through as msg says: a warning in
// lenient mode, else an error.
func (s *Site) LenientWarning(file string, line, col int, field, msg string) {
	d := Diagnostic{File: file, Line: line, Col: col, Field: field, Msg: msg}
	if s.lenient() {
		s.Warn.add(d)
	} else {
		s.Diag.add(d)
	}
}

// tolerance is what tolerate reports, and whether it is a warning.
func (s *Site) tolerance(file string, line, col int, field, msg string) (Diagnostic, bool) {
	d := Diagnostic{File: file, Line: line, Col: col, Field: field, Msg: msg}
	tool := s.Lay.Tool()
	switch {
	case tool == "":
		return d, false
	case s.lenient():
		return d, true
	}
	d.Msg = fmt.Sprintf("%s (%s builds it so; --broken-links warn builds it as %s does, with a warning)", msg, tool, tool)
	return d, false
}

// WalkProblem records a problem WalkSource found at file (a path of the
// source): an error, but for a symbolic link in the tree that leads out of
// the source (outside), which a tool may follow (MkDocs walks docs_dir
// with os.walk's followlinks=True; Jekyll follows links outside safe mode)
// and sitegen never does: there a tolerance, the link left out and
// nothing through it published.
func (s *Site) WalkProblem(file, msg string, outside bool) {
	if outside {
		s.Tolerate(file, 0, 0, "", msg+": not followed, nothing through it published")
		return
	}
	s.Diag.Addf(file, 0, 0, "", "%s", msg)
}

// stringList reads the field key of p's front matter, a list of strings.
// One text there is what the layout's tool reads as a list, a tolerance
// reported: Hugo splits it into its words (cast.ToStringSlice), Obsidian
// reads it as one alias ("Aliases should always be formatted as a list in
// YAML", https://help.obsidian.md/aliases, yet the app takes `aliases:
// "Name"`, which 1,172 notes of the Pathfinder 2e SRD vault write), the
// others as a list of that one text. sitegen's own layout wants a list.
func (s *Site) stringList(p *Page, r *fieldReader, key string) []string {
	tool := s.Lay.Tool()
	if list, ok := r.m[key].([]any); ok && tool != "" && slices.ContainsFunc(list, notString) {
		// An empty item (a template's "aliases:\n  - "), or a list or
		// a mapping (an unquoted "- [[npcs/x.md|X]]" is a list in the
		// list): the tools skip it (Quartz: "filter((tag: unknown) =>
		// typeof tag === "string" || typeof tag === "number")").
		line, col := r.locate(key)
		var kept []any
		for i, e := range list {
			switch e.(type) {
			case nil:
				s.Tolerate(p.File, line, col, key, fmt.Sprintf("item %d is empty: left out, as %s reads it", i+1, tool))
				continue
			case []any, map[string]any:
				s.Tolerate(p.File, line, col, key, fmt.Sprintf("item %d is %s, not a text (an unquoted [[link]]?): left out, as %s reads it", i+1, typeName(e), tool))
				continue
			}
			if text, ok := scalarText(e); ok {
				s.Tolerate(p.File, line, col, key, fmt.Sprintf("item %d is a number, not a text: read as %q, as %s reads it", i+1, text, tool))
				e = text
			}
			kept = append(kept, e)
		}
		c := *r
		c.m = maps.Clone(r.m)
		c.m[key] = kept
		out := c.strings(key)
		r.bad = r.bad || c.bad
		return out
	}
	if text, ok := scalarText(r.m[key]); ok && tool != "" {
		line, col := r.locate(key)
		s.Tolerate(p.File, line, col, key, fmt.Sprintf("a number, not a list: read as the list [%q], as %s reads it", text, tool))
		return []string{text}
	}
	text, ok := r.m[key].(string)
	if !ok || tool == "" {
		return r.strings(key)
	}
	parts := []string{text}
	if s.Lay.Kind == layout.Hugo {
		parts = strings.Fields(text)
	}
	line, col := r.locate(key)
	s.Tolerate(p.File, line, col, key, fmt.Sprintf("one text, not a list: read as the list [%s], as %s reads it", strings.Join(quoteAll(parts), ", "), tool))
	return parts
}

// notString reports whether the item e of a list of texts is not a text:
// one the tools leave out (empty, a list or a mapping) or read as its text
// (a number: scalarText).
func notString(e any) bool {
	_, ok := e.(string)
	return !ok
}

// scalarText is a number's text where a text is wanted, as the tools read
// it: Quartz's coerceToArray keeps `typeof tag === "number"` and maps it
// through toString(); Hugo's cast.ToStringSliceE gives ToString of each.
func scalarText(v any) (string, bool) {
	switch v := v.(type) {
	case int, int64, uint64:
		return fmt.Sprint(v), true
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), true
	}
	return "", false
}

// oneText reads the field key of p's front matter, one text. A list of
// plain values there is what the layout's tool shows as a list (Obsidian:
// "List" is a property type, https://help.obsidian.md/properties), a
// tolerance reported: its items are joined with ", ", which gives back a
// sentence a YAML flow list split at its commas. sitegen's own layout,
// and a list of lists or mappings, want one text.
func (s *Site) oneText(p *Page, r *fieldReader, key string) string {
	list, ok := r.m[key].([]any)
	tool := s.Lay.Tool()
	if !ok || tool == "" {
		return r.str(key)
	}
	parts := make([]string, 0, len(list))
	for _, e := range list {
		switch e.(type) {
		case []any, map[string]any:
			return r.str(key)
		case nil:
			continue
		}
		parts = append(parts, fmt.Sprint(e))
	}
	text := strings.Join(parts, ", ")
	line, col := r.locate(key)
	s.Tolerate(p.File, line, col, key, fmt.Sprintf("a list, not one text: read as %q, as %s shows it", text, tool))
	r.m[key] = text
	return text
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// pluginBlock reports whether a problem's message is about a block that
// a plugin of the layout's tool draws (layout.Layout.PluginBlocks): the
// plugin shows its error inside the note, and the note is shown.
func (s *Site) pluginBlock(msg string) bool {
	for _, info := range s.Lay.PluginBlocks {
		if strings.HasPrefix(msg, info+" block: ") {
			return true
		}
	}
	return false
}

// shareURLs keeps, of the pages that the layout's tool writes to one URL,
// the one the tool keeps (layout.Layout.DuplicateURL: the one it writes
// last), and reports each other one, naming both: a warning in lenient
// mode (the page is not published: a link to its file leads to the URL,
// where the kept page is, as on the tool's site), else an error. Without
// such a rule (sitegen's own layout) checkURLs reports two pages of one
// URL as an error.
func (s *Site) shareURLs(pages []*Page) []*Page {
	rule := s.Lay.DuplicateURL
	if rule == nil {
		return pages
	}
	byURL := map[string]*Page{}
	dropped := map[*Page]bool{}
	ordered := slices.Clone(pages)
	slices.SortFunc(ordered, func(a, b *Page) int { return cmp.Compare(a.Rel, b.Rel) })
	for _, p := range ordered {
		if p.Failed {
			continue
		}
		prev, dup := byURL[p.SitePath]
		if !dup {
			byURL[p.SitePath] = p
			continue
		}
		keepP, why := rule(claim(prev), claim(p))
		kept, lost := prev, p
		if keepP {
			kept, lost = p, prev
		}
		byURL[p.SitePath] = kept
		dropped[lost] = true
		if lost.Kind == templates.KindSection && kept.Kind != templates.KindSection {
			// The page kept stands for the folder the lost one did
			// (Docusaurus's g/g.md over g/README.md).
			kept.Kind, kept.folder = templates.KindSection, lost.dir()
		}
		line, col, field := 1, 1, ""
		if lost.permalink.line > 0 { // its URL is the one its permalink: asks for
			line, col, field = lost.permalink.line, lost.permalink.col, lost.permalink.key
		}
		msg := fmt.Sprintf("duplicate URL %s: also produced by %s, which %s keeps (%s): this page is not published",
			p.SitePath, kept.File, s.Lay.Tool(), why)
		if s.Lay.Settings.DuplicateURLs == "warn" { // the site's own policy (Docusaurus' onDuplicateRoutes)
			s.Warn.add(Diagnostic{File: lost.File, Line: line, Col: col, Field: field, Msg: msg + fmt.Sprintf(" (%s's settings build it with a warning)", s.Lay.Tool())})
			continue
		}
		s.Tolerate(lost.File, line, col, field, msg)
	}
	if len(dropped) == 0 {
		return pages
	}
	for p := range dropped {
		s.ByRel[p.Rel] = byURL[p.SitePath] // a link to its file leads to its URL
	}
	return slices.DeleteFunc(pages, func(p *Page) bool { return dropped[p] })
}

func claim(p *Page) layout.Claim {
	return layout.Claim{Rel: p.Rel, Title: p.Title, Weight: p.weight}
}

// weightField reads the weight of p's front matter: an integer. The
// tools read more: Hugo takes any value through cast.ToInt ("200" is 200,
// 1.2 is 1, a text that is no number 0; hugo-pnp-rules and gloryforthefist,
// eval8B MB10, build with Hugo 0.111), a tolerance reported. sitegen's own
// layout wants an integer.
func (s *Site) weightField(p *Page, r *fieldReader) int {
	tool := s.Lay.Tool()
	v := r.m["weight"]
	if tool == "" {
		return r.int("weight")
	}
	var n int
	switch w := v.(type) {
	case nil, int, int64, uint64:
		if s.Lay.Kind == layout.Obsidian {
			// Obsidian orders its file explorer by name and reads no
			// weight (its default properties are tags, aliases and
			// cssclasses, https://help.obsidian.md/properties): a
			// whole number is the note's own data too (eval13B).
			return 0
		}
		return r.int("weight")
	case float64:
		if math.IsNaN(w) || math.IsInf(w, 0) || math.Abs(w) > 1<<53 {
			n = 0
		} else {
			n = int(w) // cast.ToInt truncates
		}
	case string:
		// cast.ToIntE: strconv.ParseInt(trimZeroDecimal(s), 0, 0).
		t := strings.TrimSpace(w)
		if i := strings.IndexByte(t, '.'); i >= 0 && strings.Trim(t[i+1:], "0") == "" {
			t = t[:i]
		}
		if i, err := strconv.ParseInt(t, 0, 64); err == nil && i >= math.MinInt32 && i <= math.MaxInt32 {
			n = int(i)
		}
	case bool:
		if w {
			n = 1
		}
	default:
		return r.int("weight") // a list or a table: an error, as in every layout
	}
	line, col := r.locate("weight")
	if s.Lay.Kind == layout.Jekyll || s.Lay.Kind == layout.Obsidian {
		// Jekyll reads no weight: "you can also set your own front
		// matter variables" (https://jekyllrb.com/docs/front-matter/),
		// the page's own data, which neither Jekyll nor just-the-docs
		// (nav_order) orders by: rooneg/5srd.github.io's equipment
		// writes its weight in pounds ("1/4", "---", "varies"), which
		// Jekyll 4.3.1 builds. Nor does Obsidian, whose default
		// properties are tags, aliases and cssclasses
		// (https://help.obsidian.md/properties): QuantumRaccon/dnd-vault's
		// magic items weigh "1.0" pounds. Not an order, in any mode.
		s.Warn.Addf(p.File, line, col, "weight", "%s, not an integer: %s reads no weight (the page's own data); sitegen orders the page as if it had none", describeValue(v), tool)
		return 0
	}
	how := "as " + tool + " reads it"
	if s.Lay.Kind != layout.Hugo {
		how = "the navigation's order as Hugo would read it (" + tool + " does not read weight)"
	}
	s.Tolerate(p.File, line, col, "weight", fmt.Sprintf("%s, not an integer: read as %d, %s", describeValue(v), n, how))
	return n
}

// describeValue names a front matter value as written ("the text \"200\"",
// "the number 1.2").
func describeValue(v any) string {
	switch w := v.(type) {
	case string:
		return fmt.Sprintf("the text %q", w)
	case float64:
		return "the number " + strconv.FormatFloat(w, 'g', -1, 64)
	case bool:
		return fmt.Sprintf("the boolean %t", w)
	}
	return typeName(v)
}
