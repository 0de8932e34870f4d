package jekyll

import (
	"fmt"
	"maps"
	"slices"

	"github.com/osteele/liquid/values"
)

// A hash is a map of Liquid's (a document's variables, a map of the site's
// data) as Ruby's Liquid holds it: an object, equal to itself ("item ==
// site.data.x.last" is true for the last item), where the engine compares
// two Go maps by their contents and cannot (it stops with "comparing
// uncomparable type"). It is a values.Value, which the engine takes as
// it is: its keys are its properties ("hash.key", "hash["key"]", "size"),
// contains asks for a key, and a for loop goes through its [key, value]
// pairs in the order of their keys (Go's maps keep no order; Ruby's keep
// YAML's, which a page's front matter keeps: orderNode).
type hash struct {
	m    map[string]any
	keys []string // m's keys: in the YAML's order for a page's front matter (orderNode), else sorted
}

// newHash is m as a hash; m is not changed after.
func newHash(m map[string]any) *hash {
	return &hash{m: m, keys: slices.Sorted(maps.Keys(m))}
}

var _ values.Value = (*hash)(nil)

// Interface implements values.Value.
func (h *hash) Interface() any { return h }

// Int implements values.Value.
func (h *hash) Int() int { return 0 }

// Equal implements values.Value: the same hash.
func (h *hash) Equal(o values.Value) bool {
	other, ok := o.Interface().(*hash)
	return ok && other == h
}

// Less implements values.Value: hashes have no order.
func (h *hash) Less(values.Value) bool { return false }

// Contains implements values.Value: whether key is a key of h.
func (h *hash) Contains(key values.Value) bool {
	_, ok := h.m[fmt.Sprint(key.Interface())]
	return ok
}

// IndexValue implements values.Value: h["key"].
func (h *hash) IndexValue(key values.Value) values.Value { return h.PropertyValue(key) }

// PropertyValue implements values.Value: h.key, and size.
func (h *hash) PropertyValue(key values.Value) values.Value {
	k := fmt.Sprint(key.Interface())
	if v, ok := h.m[k]; ok {
		return values.ValueOf(v)
	}
	if k == "size" {
		return values.ValueOf(len(h.m))
	}
	return values.ValueOf(nil)
}

// Test implements values.Value: a hash is true.
func (h *hash) Test() bool { return true }

// Len and Index make a for loop go through h's [key, value] pairs.
func (h *hash) Len() int { return len(h.m) }

// Index is the pair at i, in the order of the keys.
func (h *hash) Index(i int) any {
	return []any{h.keys[i], h.m[h.keys[i]]}
}

// String is what {{ hash }} writes: its pairs.
func (h *hash) String() string { return fmt.Sprint(h.m) }
