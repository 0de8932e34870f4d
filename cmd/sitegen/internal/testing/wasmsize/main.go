// Command wasmsize attributes the code of a WebAssembly module built by Go
// to packages, or to functions, from the module's name section: a
// `go tool nm -size` for WebAssembly, which nm does not read. Build the
// module without `-s` in -ldflags, or it has no name section:
//
//	go run ./cmd/sitegen/internal/testing/wasmsize [-funcs] [-top N] FILE.wasm
//
// It prints the code and data section sizes, then the largest packages (or
// functions with -funcs) by bytes of code.
package main

import (
	"cmp"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

func main() {
	funcs := flag.Bool("funcs", false, "list functions, not packages")
	top := flag.Int("top", 60, "how many lines to print (0: all)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-funcs] [-top N] FILE.wasm")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *funcs, *top); err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

func run(file string, funcs bool, top int) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	m, err := parse(b)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if len(m.names) == 0 {
		return fmt.Errorf("%s has no name section: build it without -s in -ldflags", file)
	}
	by := map[string]int{}
	total := 0
	for i, size := range m.code {
		name := m.names[i+m.imports]
		if !funcs {
			name = pkgOf(name)
		}
		by[name] += size
		total += size
	}
	type row struct {
		name string
		size int
	}
	var rows []row
	for k, v := range by {
		rows = append(rows, row{k, v})
	}
	slices.SortFunc(rows, func(a, b row) int { return cmp.Or(b.size-a.size, strings.Compare(a.name, b.name)) })
	if top > 0 && len(rows) > top {
		rows = rows[:top]
	}
	fmt.Printf("code %d bytes in %d functions, data %d bytes\n", total, len(m.code), m.data)
	for _, r := range rows {
		fmt.Printf("%9d %s\n", r.size, r.name)
	}
	return nil
}

// module is what wasmsize reads of a module: the size of each function's
// body, the number of imported functions (which come first in the
// function index space), the names by index and the data section's size.
type module struct {
	code    []int
	imports int
	names   map[int]string
	data    int
}

// parse reads the sections of a WebAssembly binary.
func parse(b []byte) (module, error) {
	m := module{names: map[int]string{}}
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return m, errors.New("not a WebAssembly module")
	}
	r := reader{b: b, i: 8}
	for r.i < len(b) {
		id := r.byte()
		size := int(r.uleb())
		end := r.i + size
		if r.err != nil || end > len(b) {
			return m, errors.New("truncated section")
		}
		sec := reader{b: b[:end], i: r.i}
		switch id {
		case 2: // imports: Go's modules import functions only
			m.imports = int(sec.uleb())
		case 10: // code
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				body := int(sec.uleb())
				m.code = append(m.code, body)
				sec.i += body
			}
		case 11: // data
			m.data = size
		case 0: // custom: the "name" section's function names
			if sec.name() == "name" {
				for sec.i < end && sec.err == nil {
					sub := sec.byte()
					subEnd := int(sec.uleb()) + sec.i
					if sub == 1 {
						for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
							idx := int(sec.uleb())
							m.names[idx] = sec.name()
						}
					}
					sec.i = subEnd
				}
			}
		}
		if sec.err != nil {
			return m, sec.err
		}
		r.i = end
	}
	return m, nil
}

// pkgOf is the package of a function's name: "a/b.(*T).f" → "a/b".
func pkgOf(name string) string {
	slash := strings.LastIndexByte(name, '/') + 1
	if dot := strings.IndexByte(name[slash:], '.'); dot >= 0 {
		return name[:slash+dot]
	}
	return name
}

// reader reads LEB128 numbers and names from a section.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("truncated module")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) uleb() uint64 {
	if r.i >= len(r.b) {
		r.err = errors.New("truncated module")
		return 0
	}
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 {
		r.err = errors.New("bad LEB128 number")
		return 0
	}
	r.i += n
	return v
}

func (r *reader) name() string {
	n := int(r.uleb())
	if r.err != nil || r.i+n > len(r.b) {
		r.err = errors.New("truncated name")
		return ""
	}
	s := string(r.b[r.i : r.i+n])
	r.i += n
	return s
}
