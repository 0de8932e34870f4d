package zola

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"gopkg.in/yaml.v3"
)

// Key order. Zola builds Tera with its preserve_order feature (getzola/
// zola Cargo.toml: tera features ["preserve_order", …]), which keeps
// serde_json's maps in insertion order: "{% for key, value in data %}"
// walks a loaded TOML, JSON or YAML table in the file's order, and the
// map group_by makes in the order its groups first appear. Tera's own
// test (src/renderer/tests/basic.rs, render_for) loops over a map made
// in key order: "age:18 name:bob". A map the template's values carry
// keeps its order under teraKeyOrder; one without it (arguments, csv)
// is walked in key order.

// teraKeyOrder is the key under which a map keeps its keys' order; no
// template can name it.
const teraKeyOrder = "\x00order"

// orderedMap builds a map that keeps its keys' order.
type orderedMap struct{ m map[string]any }

func newOrderedMap() orderedMap {
	return orderedMap{map[string]any{teraKeyOrder: []string{}}}
}

func (o orderedMap) get(k string) any { return o.m[k] }

func (o orderedMap) set(k string, v any) {
	if _, ok := o.m[k]; !ok {
		o.m[teraKeyOrder] = append(o.m[teraKeyOrder].([]string), k)
	}
	o.m[k] = v
}

// mapKeys is m's keys in its order, else sorted.
func mapKeys(m map[string]any) []string {
	if order, ok := m[teraKeyOrder].([]string); ok {
		keys := make([]string, 0, len(order))
		for _, k := range order {
			if _, ok := m[k]; ok {
				keys = append(keys, k)
			}
		}
		return keys
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// mapLen is the number of m's entries.
func mapLen(m map[string]any) int {
	if _, ok := m[teraKeyOrder]; ok {
		return len(m) - 1
	}
	return len(m)
}

// jsonOrdered decodes JSON keeping each object's key order.
func jsonOrdered(data string) (any, error) {
	d := json.NewDecoder(strings.NewReader(data))
	d.UseNumber()
	v, err := jsonValueOf(d, 0)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one value")
	}
	return v, nil
}

func jsonValueOf(d *json.Decoder, depth int) (any, error) {
	if depth > 1000 {
		return nil, fmt.Errorf("nested too deep")
	}
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := newOrderedMap()
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := jsonValueOf(d, depth+1)
				if err != nil {
					return nil, err
				}
				o.set(fmt.Sprint(k), v)
			}
			_, err := d.Token()
			return o.m, err
		case '[':
			l := []any{}
			for d.More() {
				v, err := jsonValueOf(d, depth+1)
				if err != nil {
					return nil, err
				}
				l = append(l, v)
			}
			_, err := d.Token()
			return l, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	}
	return t, nil
}

// yamlOrdered decodes YAML keeping each mapping's key order.
func yamlOrdered(data string) (any, error) {
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(data), &n); err != nil {
		return nil, err
	}
	if n.Kind == 0 {
		return nil, nil
	}
	return yamlValueOf(&n, 0)
}

func yamlValueOf(n *yaml.Node, depth int) (any, error) {
	if depth > 1000 {
		return nil, fmt.Errorf("nested too deep")
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return yamlValueOf(n.Content[0], depth+1)
	case yaml.AliasNode:
		return yamlValueOf(n.Alias, depth+1)
	case yaml.MappingNode:
		o := newOrderedMap()
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := yamlValueOf(n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			o.set(n.Content[i].Value, v)
		}
		return o.m, nil
	case yaml.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			v, err := yamlValueOf(c, depth+1)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// tomlOrder records, in each table of m, its keys in md's order (the
// order of the file); tables inside arrays of tables keep key order.
func tomlOrder(m map[string]any, md toml.MetaData) {
	seen := map[string]bool{}
	for _, key := range md.Keys() {
		parent := m
		ok := true
		for _, k := range key[:len(key)-1] {
			if parent, ok = parent[k].(map[string]any); !ok {
				break
			}
		}
		if !ok {
			continue
		}
		pk := strings.Join(key[:len(key)-1], "\x00")
		if !seen[pk] {
			parent[teraKeyOrder] = []string{}
			seen[pk] = true
		}
		if k := key[len(key)-1]; !seen[pk+"\x01"+k] {
			seen[pk+"\x01"+k] = true
			parent[teraKeyOrder] = append(parent[teraKeyOrder].([]string), k)
		}
	}
}

// orderedJSON is a map json_encode writes in its keys' order (Zola's
// serde_json keeps insertion order; encoding/json would sort them).
type orderedJSON struct {
	keys []string
	vals map[string]any
}

// MarshalJSON writes the map's entries in order, "<" and "&" as they are
// (serde_json does not escape them).
func (o orderedJSON) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := enc.Encode(k); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1) // Encode's newline
		b.WriteByte(':')
		if err := enc.Encode(o.vals[k]); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
