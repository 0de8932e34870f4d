// Command gendeunicode writes deunicode.bin, the table of package zola's
// Slugify: the slug crate's view of deunicode's reading of every
// character that has one (deunicode_char), generated from the deunicode
// crate's own data files (src/pointers.bin and src/mapping.txt of
// https://github.com/kornelski/deunicode, BSD-3-Clause).
//
//	go run ./cmd/sitegen/internal/layout/zola/internal/gendeunicode CRATE_DIR OUT_FILE
//
// The crate's pointers.bin holds three bytes for each code point from
// U+0000: a reading of one or two bytes is written in the first two, a
// longer one is the little-endian offset of its text in mapping.txt
// followed by its length; an offset past mapping.txt's end is "no
// reading" (deunicode_char returns None), as is every code point past the
// table.
//
// deunicode.bin, all numbers little-endian:
//
//	runs     uint32 count, then count × (first code point uint32, first id index uint32):
//	         the runs of consecutive code points that have a reading
//	ids      uint32 count, then count × uint16: each such code point's reading id
//	offsets  uint32 count, then count × uint32: where reading id i starts in text
//	         (reading i ends where i+1 starts; the last entry ends the text)
//	text     the readings, each as the slug crate sees it: lower case
//	         letters and digits, every run of other bytes one "-"
package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gendeunicode CRATE_DIR OUT_FILE")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "gendeunicode:", err)
		os.Exit(1)
	}
}

func run(crate, out string) error {
	ptrs, err := os.ReadFile(filepath.Join(crate, "src", "pointers.bin"))
	if err != nil {
		return err
	}
	mapping, err := os.ReadFile(filepath.Join(crate, "src", "mapping.txt"))
	if err != nil {
		return err
	}
	type entry struct {
		cp   uint32
		view string
	}
	var entries []entry
	for cp := 0x80; cp*3+2 < len(ptrs); cp++ {
		if cp >= 0xD800 && cp <= 0xDFFF { // not a char
			continue
		}
		p := ptrs[cp*3 : cp*3+3]
		var reading []byte
		switch n := int(p[2]); {
		case n <= 2:
			reading = p[:n]
		default:
			at := int(binary.LittleEndian.Uint16(p[:2]))
			if at+n > len(mapping) {
				continue // no reading
			}
			reading = mapping[at : at+n]
		}
		entries = append(entries, entry{uint32(cp), slugView(reading)})
	}
	views := map[string]int{}
	for _, e := range entries {
		views[e.view] = 0
	}
	sorted := make([]string, 0, len(views))
	for v := range views {
		sorted = append(sorted, v)
	}
	sort.Strings(sorted)
	if len(sorted) > 1<<16 {
		return fmt.Errorf("%d readings: more than a uint16 id holds", len(sorted))
	}
	for i, v := range sorted {
		views[v] = i
	}
	var runs [][2]uint32
	ids := make([]uint16, 0, len(entries))
	for i, e := range entries {
		if i == 0 || e.cp != entries[i-1].cp+1 {
			runs = append(runs, [2]uint32{e.cp, uint32(i)})
		}
		ids = append(ids, uint16(views[e.view]))
	}
	var b []byte
	u32 := func(v uint32) { b = binary.LittleEndian.AppendUint32(b, v) }
	u32(uint32(len(runs)))
	for _, r := range runs {
		u32(r[0])
		u32(r[1])
	}
	u32(uint32(len(ids)))
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint16(b, id)
	}
	u32(uint32(len(sorted) + 1))
	at := uint32(0)
	for _, v := range sorted {
		u32(at)
		at += uint32(len(v))
	}
	u32(at)
	for _, v := range sorted {
		b = append(b, v...)
	}
	return os.WriteFile(out, b, 0o644)
}

// slugView is the reading r as the slug crate's push_char sees it:
// letters and digits in lower case, every run of other bytes one "-".
func slugView(r []byte) string {
	var out []byte
	dash := false
	for _, c := range r {
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			out, dash = append(out, c), false
		case c >= 'A' && c <= 'Z':
			out, dash = append(out, c-'A'+'a'), false
		case !dash:
			out, dash = append(out, '-'), true
		}
	}
	return string(out)
}
