package site

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBuildCacheLog: a build after a one-page edit appends its change to
// the index's log and leaves the index as it was (it writes a few
// kilobytes, whatever the size of the site); the log never grows longer
// than the index: past that the index is written whole again and the
// log emptied (compaction); every build publishes what a build without
// a cache does (cacheRun.build).
func TestBuildCacheLog(t *testing.T) {
	g := newGenSite(7, 30, false)
	r := newCacheRun(t, g.files())
	r.build(t)
	file := cacheFileOf(t, r)
	index, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	appended, compacted := 0, 0
	for step := range 24 {
		n := g.notes[step%len(g.notes)]
		n.paras[0] = g.para(step)
		edit(t, r.opts.Source, map[string]string{n.path: n.text(false)})
		before := fileSize(t, logPath(file))
		res := r.build(t)
		if !strings.HasPrefix(res.Cache, "build cache: ") {
			t.Fatalf("step %d: Cache = %q, want the cache used", step, res.Cache)
		}
		now, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		after := fileSize(t, logPath(file))
		switch {
		case string(now) == string(index):
			appended++
			d := lastDelta(t, logPath(file), before)
			var reused, asked int
			if _, err := fmt.Sscanf(res.Cache, "build cache: %d of %d ", &reused, &asked); err != nil {
				t.Fatalf("Cache = %q: %v", res.Cache, err)
			}
			// The pages rendered again: the one edited and those that
			// embed it.
			if len(d.Bodies) != asked-reused || d.Bodies[n.path] == nil || len(d.Loads) != 1 || d.Loads[n.path] == nil {
				t.Errorf("step %d: the log's entry holds bodies %v and pages %v, want the %d rendered again (%s's among them) and %s only", step,
					slices.Sorted(maps.Keys(d.Bodies)), slices.Sorted(maps.Keys(d.Loads)), asked-reused, n.path, n.path)
			}
			if len(d.Outs) > 8 {
				t.Errorf("step %d: the log's entry holds the output of %d pages, want those whose output changed", step, len(d.Outs))
			}
		default:
			compacted++
			if after != int64(len(cacheLogMagic)+len(indexSum{})) {
				t.Errorf("step %d: the index written whole and a log of %d bytes, want an empty log", step, after)
			}
			index = now
		}
		if after > int64(len(index)) {
			t.Errorf("step %d: log of %d bytes, longer than the index (%d)", step, after, len(index))
		}
	}
	if appended == 0 || compacted == 0 {
		t.Errorf("%d builds appended to the log, %d wrote the index whole; want some of each", appended, compacted)
	}
}

// lastDelta is the entry of the log p that starts at offset at.
func lastDelta(t *testing.T, p string, at int64) *cacheDelta {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	rest := data[at:]
	n, k := binary.Uvarint(rest)
	if k <= 0 || uint64(len(rest)) != uint64(k)+uint64(len(indexSum{}))+n {
		t.Fatalf("the log's last entry (%d bytes at %d) is not one entry", len(rest), at)
	}
	d, err := decodeDelta(rest[k+len(indexSum{}):])
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// fileSize is the size of file p, 0 when it is not there.
func fileSize(t *testing.T, p string) int64 {
	t.Helper()
	info, err := os.Stat(p)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return info.Size()
}

// TestBuildCacheLogCorrupt: a log whose last entry is cut short (a build
// stopped while writing it) or changed makes a full build that says so,
// never a failed one, and the next build uses the cache it wrote.
func TestBuildCacheLogCorrupt(t *testing.T) {
	for _, tt := range []struct {
		name  string
		spoil func(data []byte) []byte
		want  string
	}{
		{"an entry cut short", func(d []byte) []byte { return d[:len(d)-5] }, "full build: the build cache is corrupt (its log is cut short)"},
		{"a byte of an entry changed", func(d []byte) []byte { d[len(d)-3] ^= 0x55; return d }, "full build: the build cache is corrupt"},
		{"another file", func([]byte) []byte { return []byte("not a log\n") }, "full build: the build cache is corrupt"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newGenSite(3, 8, false)
			r := newCacheRun(t, g.files())
			r.build(t)
			n := g.notes[1]
			n.paras[0] = g.para(1)
			edit(t, r.opts.Source, map[string]string{n.path: n.text(false)})
			r.build(t)
			log := logPath(cacheFileOf(t, r))
			data, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) <= len(cacheLogMagic)+len(indexSum{}) {
				t.Fatalf("the log holds no entry (%d bytes)", len(data))
			}
			if err := os.WriteFile(log, tt.spoil(data), 0o644); err != nil {
				t.Fatal(err)
			}
			if res := r.build(t); res.Cache != tt.want {
				t.Errorf("Cache = %q, want %q", res.Cache, tt.want)
			}
			if res := r.build(t); !strings.HasPrefix(res.Cache, "build cache: ") {
				t.Errorf("next build: Cache = %q, want the cache used", res.Cache)
			}
		})
	}
}

// TestCacheCodecRoundTrip: every field of the index's records (a body,
// a page's output, a page as loaded, the prints, what a log entry says
// is gone) comes back from the index's encoding as it went in (a field
// added to a record and not to its encoding fails here), and an
// encoding cut short anywhere, or with a byte changed, is an error,
// never a panic nor a record.
func TestCacheCodecRoundTrip(t *testing.T) {
	var d cacheDelta
	fillValue(t, "delta", reflect.ValueOf(&d).Elem())
	for _, c := range d.Loads {
		c.Meta = map[string]any{"s": "x", "n": 3, "i64": int64(-4), "u": uint64(5), "f": 1.5, "b": true, "nil": nil,
			"when": time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), "list": []any{"a", 2, []any{}}, "map": map[string]any{"k": "v"}}
	}
	// Every field set (none left out), then flags of every kind (none
	// mistaken for another).
	for _, flip := range []bool{false, true} {
		if flip {
			flipBools(reflect.ValueOf(&d).Elem(), rand.New(rand.NewPCG(1, 2)))
		}
		roundTrip(t, d)
	}
}

// roundTrip checks that delta d comes back from its encoding as it went
// in, and that the encoding cut short or spoilt is an error.
func roundTrip(t *testing.T, d cacheDelta) {
	t.Helper()
	payload, err := encodeDelta(&d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeDelta(bytes.Clone(payload))
	if err != nil {
		t.Fatal(err)
	}
	want := d
	for _, c := range want.Loads {
		c.Meta["list"] = []any{"a", 2, []any(nil)} // as copyMeta gives it
	}
	if !reflect.DeepEqual(got, &want) {
		t.Errorf("decoded\n%#v\nwant\n%#v", got, &want)
	}
	for n := range len(payload) {
		if x, err := decodeDelta(bytes.Clone(payload[:n])); err == nil {
			t.Fatalf("the encoding cut to %d of %d bytes decoded: %#v", n, len(payload), x)
		}
	}
	for i := range len(payload) {
		spoilt := bytes.Clone(payload)
		spoilt[i] ^= 0xa5
		_, _ = decodeDelta(spoilt) // no panic; what it gives is the checksum's to refuse
	}
}

// flipBools sets each bool reached from v (through structs, pointers,
// slices and maps of pointers) at random.
func flipBools(v reflect.Value, r *rand.Rand) {
	switch v.Kind() {
	case reflect.Bool:
		if v.CanSet() {
			v.SetBool(r.IntN(2) == 0)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			flipBools(v.Elem(), r)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			flipBools(v.Field(i), r)
		}
	case reflect.Slice:
		for i := range v.Len() {
			flipBools(v.Index(i), r)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			if e := v.MapIndex(k); e.Kind() == reflect.Pointer {
				flipBools(e, r)
			}
		}
	}
}
