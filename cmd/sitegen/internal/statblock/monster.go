package statblock

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/markup"
)

// monster is a stat block's fields as written: its top-level keys in
// order, their YAML nodes, and the links its source held (see protect).
type monster struct {
	keys  []string
	vals  map[string]*yaml.Node
	links []string
}

// linkRE finds the links the plugin takes out of a stat block before it
// parses the YAML: [[wikilinks]] and [text](markdown links).
var linkRE = regexp.MustCompile(`\[\[[^\]]+?\]\]|\[[^\]]*?\]\([^)]+?\)`)

// Placeholders stand for a protected link inside the YAML: linkOpen, its
// index, linkClose. Private-use characters are printable in YAML and
// never written by an editor.
const (
	linkOpen  = '\uE000'
	linkClose = '\uE001'
)

// protect replaces the links of src by placeholders, as Fantasy Statblocks
// does before it parses a stat block, so that an unquoted `image:
// [[Goblin.png]]` or `icon: [](icon.png)` is text, not a YAML list.
func protect(src string) (string, []string) {
	var links []string
	out := linkRE.ReplaceAllStringFunc(src, func(l string) string {
		links = append(links, l)
		return string(linkOpen) + strconv.Itoa(len(links)-1) + string(linkClose)
	})
	return out, links
}

// placeholderRE finds a protected link's placeholder.
var placeholderRE = regexp.MustCompile("\uE000([0-9]+)\uE001")

// restore puts the protected links back into s.
func (m *monster) restore(s string) string {
	if !strings.ContainsRune(s, linkOpen) {
		return s
	}
	return placeholderRE.ReplaceAllStringFunc(s, func(p string) string {
		i, err := strconv.Atoi(p[len(string(linkOpen)) : len(p)-len(string(linkClose))])
		if err != nil || i >= len(m.links) {
			return p
		}
		return m.links[i]
	})
}

// maxDepth bounds how deep a field's value is read (the plugin's
// stringify stops at 5); maxNodes bounds the nodes read through YAML
// aliases, so that a block of aliases of aliases cannot grow without end.
const (
	maxDepth = 8
	maxNodes = 20000
)

// parseMonster reads a stat block's YAML body.
func parseMonster(body string) (*monster, error) {
	src, links := protect(body)
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		return nil, YAMLError(err)
	}
	if len(doc.Content) == 0 {
		return nil, errors.New("an empty ```statblock: write the creature's fields (name: ..., hp: ...) inside it")
	}
	root := resolve(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, &markup.BlockError{Line: root.Line, Col: root.Column, Err: errors.New("a stat block is a list of fields (name: Goblin), not a single value")}
	}
	m := &monster{vals: map[string]*yaml.Node{}, links: links}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i].Value
		if _, dup := m.vals[k]; !dup {
			m.keys = append(m.keys, k)
		}
		m.vals[k] = resolve(root.Content[i+1]) // the last of a repeated key wins, as in the plugin's YAML
	}
	m.applyEdits()
	return m, nil
}

// The suffixes of a field that edits another (the plugin's view/
// statblock.ts build()): "name+" adds to the field ("Any field that is a
// plain string or an array can be added to, by specifying the name of the
// field followed by a `+`"), "name-" removes entries by name ("Subtractive
// traits are *always* removed"), "name~" replaces entries of the same name
// ("Modifiable traits ... modify existing traits by name").
const (
	addSuffix    = "+"
	removeSuffix = "-"
	modifySuffix = "~"
)

// applyEdits applies the fields written "name+", "name-" and "name~" to
// the field name, and drops them, so that none is shown as its own raw
// key. A list added to a list is appended, anything added to a string is
// joined to it by a space (the plugin's util.ts append()), and added to
// another value replaces it. sitegen has no bestiary: a field written only
// with its "+" (adding to the extended creature's) is shown as what the
// block adds, in the place of its "+" key; one written only with "-" or
// "~" has nothing here to edit and is not shown.
func (m *monster) applyEdits() {
	keys := m.keys[:0:0]
	for _, k := range m.keys {
		base, suffix := k, ""
		for _, s := range []string{addSuffix, removeSuffix, modifySuffix} {
			if b, ok := strings.CutSuffix(k, s); ok && b != "" {
				base, suffix = b, s
				break
			}
		}
		edit := m.vals[k]
		if suffix == "" || edit == nil {
			keys = append(keys, k)
			continue
		}
		delete(m.vals, k)
		cur, had := m.vals[base]
		switch suffix {
		case addSuffix:
			m.vals[base] = appended(cur, edit)
			if !had && !slices.Contains(m.keys, base) {
				keys = append(keys, base)
			}
		case removeSuffix, modifySuffix:
			if cur != nil && cur.Kind == yaml.SequenceNode && edit.Kind == yaml.SequenceNode {
				m.vals[base] = edited(cur, edit, suffix == modifySuffix)
			}
		}
	}
	m.keys = keys
}

// appended is the field cur with add added to it (util.ts append()).
func appended(cur, add *yaml.Node) *yaml.Node {
	switch {
	case cur == nil:
		return add
	case cur.Kind == yaml.SequenceNode:
		out := *cur
		if add.Kind == yaml.SequenceNode {
			out.Content = append(slices.Clone(cur.Content), add.Content...)
		} else {
			out.Content = append(slices.Clone(cur.Content), add)
		}
		return &out
	case cur.Kind == yaml.ScalarNode && cur.Tag == "!!str" && add.Kind == yaml.ScalarNode:
		out := *cur
		out.Value = cur.Value + " " + add.Value
		return &out
	}
	return add
}

// edited is the list cur with the entries of edit removed by name, or,
// when modify, each entry of cur replaced by the entry of edit of the same
// name (an entry of edit naming none of cur's is ignored, as the plugin
// ignores it).
func edited(cur, edit *yaml.Node, modify bool) *yaml.Node {
	byName := map[string]*yaml.Node{}
	for _, e := range edit.Content {
		if n := entryName(e); n != "" {
			byName[n] = e
		}
	}
	out := *cur
	out.Content = nil
	for _, e := range cur.Content {
		repl, ok := byName[entryName(e)]
		switch {
		case !ok:
			out.Content = append(out.Content, e)
		case modify:
			out.Content = append(out.Content, repl)
		}
	}
	return &out
}

// entryName is the name of a list entry, a trait: its name field, or the
// first item of a list ([name, desc]); "" for none.
func entryName(e *yaml.Node) string {
	e = resolve(e)
	switch {
	case e == nil:
	case e.Kind == yaml.MappingNode:
		for i := 0; i+1 < len(e.Content); i += 2 {
			if e.Content[i].Value == "name" && e.Content[i+1].Kind == yaml.ScalarNode {
				return e.Content[i+1].Value
			}
		}
	case e.Kind == yaml.SequenceNode && len(e.Content) > 0 && resolve(e.Content[0]).Kind == yaml.ScalarNode:
		return resolve(e.Content[0]).Value
	}
	return ""
}

// resolve follows a YAML alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < maxDepth; i++ {
		n = n.Alias
	}
	return n
}

// yamlLineRE finds the line in a yaml.v3 error ("yaml: line 3: ...").
var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// YAMLError points a YAML error at its line in the block, for the
// handlers of other plugins' YAML blocks too.
func YAMLError(err error) error {
	msg := err.Error()
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &markup.BlockError{Line: line, Err: fmt.Errorf("invalid YAML: %s", m[2])}
	}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		return fmt.Errorf("invalid YAML: %s", strings.Join(te.Errors, "; "))
	}
	return fmt.Errorf("invalid YAML: %s", strings.TrimPrefix(msg, "yaml: "))
}

// node returns a field's value, nil when the block has no such field.
func (m *monster) node(key string) *yaml.Node { return m.vals[key] }

// str is a field's text: a scalar as written (links restored), a list's
// items joined with ", ", a map's values with " " (the plugin's
// stringify); "" when absent.
func (m *monster) str(key string) string { return m.text(m.vals[key]) }

func (m *monster) text(n *yaml.Node) string {
	budget := maxNodes
	return m.stringify(n, 0, ", ", &budget)
}

func (m *monster) stringify(n *yaml.Node, depth int, joiner string, budget *int) string {
	n = resolve(n)
	if n == nil || depth >= maxDepth || *budget <= 0 {
		return ""
	}
	*budget--
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return ""
		}
		return m.restore(strings.TrimSpace(n.Value))
	case yaml.SequenceNode:
		var parts []string
		for _, c := range n.Content {
			if s := m.stringify(c, depth+1, " ", budget); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, joiner)
	case yaml.MappingNode:
		var parts []string
		for i := 1; i < len(n.Content); i += 2 {
			if s := m.stringify(n.Content[i], depth+1, " ", budget); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, " ")
	}
	return ""
}

// present reports whether a field has a value worth showing: a non-empty
// scalar (false is none: `mook: false`), list or map.
func present(n *yaml.Node) bool {
	n = resolve(n)
	if n == nil {
		return false
	}
	switch n.Kind {
	case yaml.ScalarNode:
		v := strings.TrimSpace(n.Value)
		return v != "" && n.Tag != "!!null" && !(n.Tag == "!!bool" && strings.EqualFold(v, "false"))
	case yaml.SequenceNode, yaml.MappingNode:
		return len(n.Content) > 0
	}
	return false
}

// has reports whether the block has the field with a value.
func (m *monster) has(key string) bool { return present(m.vals[key]) }

// setName gives the block the name it did not write (the bestiary
// creature it names), as its first field.
func (m *monster) setName(name string) {
	if _, ok := m.vals["name"]; !ok {
		m.keys = append([]string{"name"}, m.keys...)
	}
	m.vals["name"] = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name}
}

// number reads a field as a number, false when it is not one.
func (m *monster) number(key string) (float64, bool) {
	n := resolve(m.vals[key])
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimPrefix(n.Value, "+")), 64)
	return f, err == nil
}

// line is the 1-based line of a field's value within the body (0 when
// absent).
func (m *monster) line(key string) int {
	if n := m.vals[key]; n != nil {
		return n.Line
	}
	return 0
}
