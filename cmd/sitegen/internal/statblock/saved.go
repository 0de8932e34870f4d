package statblock

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// savedCreatures are the creatures the plugin's settings keep: data.json's
// "monsters", the creatures imported into the plugin (from 5e.tools,
// Improved Initiative, CritterDB...) or made in it, as [name, creature]
// pairs. The plugin puts each in its bestiary under the creature's own
// name (src/bestiary/bestiary.ts initialize: "for (const [, creature] of
// plugin.settings.monsters) { this.addLocalCreature(creature) }";
// addLocalCreature: "this.#local.set(creature.name, creature)"), where a
// block's `monster:` and Initiative Tracker's encounters find them by that
// name, case and all (a Map's get). The notes' creatures, which the
// plugin's watcher adds after them, win over one of the same name.
//
// They are read on the first name looked up, each creature's fields as
// written (JSON, which is YAML) kept until a block asks for it. At most
// maxSaved creatures of at most maxSavedBytes each are kept.
type savedCreatures struct {
	raw    json.RawMessage
	once   sync.Once
	byName map[string]json.RawMessage
	folded map[string]string // a name in lower case: the creature's name
}

const (
	maxSaved      = 1 << 15
	maxSavedBytes = 1 << 20
)

// get returns the YAML of the saved creature called name, block style, to
// read as a stat block's fields; false when there is none (s nil: none).
func (s *savedCreatures) get(name string) (string, bool) {
	if s == nil {
		return "", false
	}
	s.once.Do(s.index)
	obj, ok := s.byName[name]
	if !ok {
		return "", false
	}
	y, err := blockYAML(obj)
	if err != nil {
		return "", false
	}
	return y, true
}

// like is the name of the saved creature called name in another case
// ("Stirge" for "stirge"), which the plugin does not find by name; "" when
// there is none, or one of that very name.
func (s *savedCreatures) like(name string) string {
	if s == nil {
		return ""
	}
	s.once.Do(s.index)
	if _, ok := s.byName[name]; ok {
		return ""
	}
	return s.folded[strings.ToLower(name)]
}

// likeHint is what a warning about the creature called name the plugin's
// bestiary does not have adds when a saved creature has that name in
// another case; "" otherwise.
func (s *savedCreatures) likeHint(name string) string {
	if like := s.like(name); like != "" {
		return fmt.Sprintf(" (the plugin's saved creatures have %q: it finds a creature by its exact name, case and all)", like)
	}
	return ""
}

// index reads the pairs of raw into byName: of two of one name the last,
// as the plugin's Map keeps it. A pair that does not read is skipped (the
// plugin would not have written it).
func (s *savedCreatures) index() {
	defer func() { s.raw = nil }()
	var pairs []json.RawMessage
	if len(s.raw) == 0 || json.Unmarshal(s.raw, &pairs) != nil {
		return
	}
	s.byName = make(map[string]json.RawMessage, min(len(pairs), maxSaved))
	s.folded = make(map[string]string, min(len(pairs), maxSaved))
	for i, p := range pairs {
		if i >= maxSaved {
			break
		}
		var pair []json.RawMessage
		if len(p) > maxSavedBytes || json.Unmarshal(p, &pair) != nil || len(pair) != 2 {
			continue
		}
		var c struct{ Name string }
		if json.Unmarshal(pair[1], &c) != nil || c.Name == "" {
			continue // addLocalCreature: "if (!creature.name) return"
		}
		s.byName[c.Name] = pair[1]
		s.folded[strings.ToLower(c.Name)] = c.Name
	}
}

// blockYAML writes the JSON object obj as block-style YAML: the fields of
// a stat block, to which a block's own fields can be added below.
func blockYAML(obj json.RawMessage) (string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(obj, &doc); err != nil {
		return "", fmt.Errorf("read a saved creature: %w", err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return "", fmt.Errorf("a saved creature is not a list of fields")
	}
	var unflow func(n *yaml.Node, depth int)
	unflow = func(n *yaml.Node, depth int) {
		if depth > maxDepth {
			return
		}
		n.Style &^= yaml.FlowStyle
		for _, c := range n.Content {
			unflow(c, depth+1)
		}
	}
	unflow(&doc, 0)
	out, err := yaml.Marshal(&doc)
	if err != nil {
		return "", fmt.Errorf("write a saved creature: %w", err)
	}
	return string(out), nil
}
