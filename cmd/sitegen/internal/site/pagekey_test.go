package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"d6codex/templates"
)

// pageKeyNotWritten are the fields of templates.Page that a page's key
// does not write itself: the site's view, which the site's key stands for.
var pageKeyNotWritten = map[string]bool{".Site": true}

// keyBytes is what pageKey writes of the page's view v.
func keyBytes(v *templates.Page) []byte {
	var w keyWriter
	w.page(v)
	return w.buf
}

// fillKeyValue sets v to a value with every field set, not zero: one
// entry in each slice and map, and trees (navigation, contents) two
// levels deep.
func fillKeyValue(v reflect.Value, name string, depth int) {
	if v.Type() == reflect.TypeFor[time.Time]() {
		v.Set(reflect.ValueOf(time.Date(2024, 5, 6, 7, 8, 9, 10, time.UTC)))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(name)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int:
		v.SetInt(int64(len(name)))
	case reflect.Pointer:
		if depth > 2 {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fillKeyValue(v.Elem(), name, depth+1)
	case reflect.Slice:
		if depth > 2 {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fillKeyValue(v.Index(0), name+"[0]", depth+1)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		fillKeyValue(k, name+"key", depth+1)
		e := reflect.New(v.Type().Elem()).Elem()
		fillKeyValue(e, name+"elem", depth+1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			fillKeyValue(v.Field(i), name+"."+f.Name, depth)
		}
	default:
		panic(fmt.Sprintf("fillKeyValue: %s is a %s", name, v.Kind()))
	}
}

// keyChange is one change of a filled page's view: the path of the value
// changed and how.
type keyChange struct {
	path, how string
	field     string // path without the indices: ".Nav.Children.Title"
	apply     func()
}

// keyChanges lists, for the filled value v at path, a change of each
// value it holds: each string, number, bool and time changed, each
// pointer, slice and map made nil, each slice and map made empty.
func keyChanges(v reflect.Value, path, field string) []keyChange {
	var out []keyChange
	add := func(how string, f func()) { out = append(out, keyChange{path, how, field, f}) }
	if v.Type() == reflect.TypeFor[time.Time]() {
		t := v.Interface().(time.Time)
		add("a second later", func() { v.Set(reflect.ValueOf(t.Add(time.Second))) })
		add("the same instant in another zone", func() { v.Set(reflect.ValueOf(t.In(time.FixedZone("X", 3600)))) })
		return out
	}
	switch v.Kind() {
	case reflect.String:
		add("changed", func() { v.SetString(v.String() + "x") })
	case reflect.Bool:
		add("flipped", func() { v.SetBool(!v.Bool()) })
	case reflect.Int:
		add("changed", func() { v.SetInt(v.Int() + 1) })
	case reflect.Pointer:
		if v.IsNil() {
			break
		}
		add("nil", func() { v.Set(reflect.Zero(v.Type())) })
		out = append(out, keyChanges(v.Elem(), path, field)...)
	case reflect.Slice:
		if v.IsNil() {
			break
		}
		add("nil", func() { v.Set(reflect.Zero(v.Type())) })
		add("empty", func() { v.Set(reflect.MakeSlice(v.Type(), 0, 0)) })
		for i := range v.Len() {
			out = append(out, keyChanges(v.Index(i), fmt.Sprintf("%s[%d]", path, i), field)...)
		}
	case reflect.Map:
		add("nil", func() { v.Set(reflect.Zero(v.Type())) })
		add("empty", func() { v.Set(reflect.MakeMap(v.Type())) })
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			for _, c := range keyChanges(e, fmt.Sprintf("%s[%v]", path, k), field) {
				out = append(out, keyChange{c.path, c.how, field, func() { c.apply(); v.SetMapIndex(k, e) }})
			}
			nk := reflect.New(v.Type().Key()).Elem()
			nk.Set(k)
			for _, c := range keyChanges(nk, fmt.Sprintf("%s key %v", path, k), field) {
				out = append(out, keyChange{c.path, "its key " + c.how, field, func() {
					c.apply()
					v.SetMapIndex(nk, v.MapIndex(k))
					v.SetMapIndex(k, reflect.Value{})
				}})
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.IsExported() {
				out = append(out, keyChanges(v.Field(i), path+"."+f.Name, field+"."+f.Name)...)
			}
		}
	}
	return out
}

// TestPageKeyFields: a page's key changes with every change of its view
// that encoding/json sees (the key pageKey made before it was written by
// hand), so that a new field of templates.Page, or of a struct it holds,
// that pageKey does not write fails here, not as a stale page kept.
func TestPageKeyFields(t *testing.T) {
	fresh := func() *templates.Page {
		var p templates.Page
		fillKeyValue(reflect.ValueOf(&p).Elem(), "", 0)
		p.Site = nil
		return &p
	}
	n := len(keyChanges(reflect.ValueOf(fresh()).Elem(), "", ""))
	if n < 50 {
		t.Fatalf("only %d changes of a page's view", n)
	}
	covered := map[string]bool{}
	for i := range n {
		p := fresh()
		was, wasJSON := keyBytes(p), mustJSON(t, p)
		c := keyChanges(reflect.ValueOf(p).Elem(), "", "")[i]
		if pageKeyNotWritten[c.path] {
			continue
		}
		c.apply()
		if bytes.Equal(mustJSON(t, p), wasJSON) {
			continue // not a change the page's output can see
		}
		covered[c.field] = true
		if bytes.Equal(keyBytes(p), was) {
			t.Errorf("templates.Page%s %s: the page's key is the same", c.path, c.how)
		}
	}
	// Every field of every struct the view holds was changed.
	var fields func(typ reflect.Type, path string, seen map[reflect.Type]bool)
	fields = func(typ reflect.Type, path string, seen map[reflect.Type]bool) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || typ == reflect.TypeFor[time.Time]() || seen[typ] {
			return
		}
		seen[typ] = true
		for i := range typ.NumField() {
			f := typ.Field(i)
			p := path + "." + f.Name
			if !f.IsExported() || pageKeyNotWritten[p] {
				continue
			}
			whole := f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeFor[time.Time]() // its fields are checked
			if !covered[p] && !whole {
				t.Errorf("templates.Page%s is never changed by the test", p)
			}
			fields(f.Type, p, seen)
		}
	}
	fields(reflect.TypeFor[templates.Page](), "", map[reflect.Type]bool{})
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPageKeyTrees: trees deeper than a key writes (or a loop) leave the
// page without a key, so it is written, never kept on a key that did not
// see all of it.
func TestPageKeyTrees(t *testing.T) {
	loop := &templates.NavItem{Title: "a", URL: "/a/"}
	loop.Children = []*templates.NavItem{loop}
	deepTOC := &templates.TOCItem{Title: "h"}
	for it, i := deepTOC, 0; i < maxKeyDepth+5; i++ {
		c := &templates.TOCItem{Title: "h"}
		it.Children, it = []*templates.TOCItem{c}, c
	}
	shallow := &templates.TOCItem{Title: "h", Children: []*templates.TOCItem{{Title: "i"}}}
	for _, tc := range []struct {
		name string
		p    templates.Page
		deep bool
	}{
		{"a navigation that holds itself", templates.Page{Nav: []*templates.NavItem{loop}}, true},
		{"contents deeper than the limit", templates.Page{TOC: []*templates.TOCItem{deepTOC}}, true},
		{"contents two deep", templates.Page{TOC: []*templates.TOCItem{shallow, shallow}}, false},
	} {
		var w keyWriter
		w.page(&tc.p)
		if w.deep != tc.deep {
			t.Errorf("%s: deep = %v, want %v", tc.name, w.deep, tc.deep)
		}
	}
}
