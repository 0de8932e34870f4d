package main

import (
	"testing"
)

// section is a WebAssembly section: its id, its size as LEB128 (all sizes
// here are below 128) and its bytes.
func section(id byte, body ...byte) []byte {
	return append([]byte{id, byte(len(body))}, body...)
}

func TestParse(t *testing.T) {
	mod := []byte("\x00asm\x01\x00\x00\x00")
	mod = append(mod, section(2, 1, 'x')...)               // one import (its entry is not read)
	mod = append(mod, section(10, 2, 3, 0, 0, 0, 1, 0)...) // two bodies: 3 bytes, 1 byte
	mod = append(mod, section(11, 9, 9, 9, 9)...)          // 4 bytes of data
	names := []byte{2, 1, 3, 'a', '.', 'f', 2, 5, 'a', '_', 'b', '.', 'g'}
	custom := append([]byte{4, 'n', 'a', 'm', 'e', 1, byte(len(names))}, names...)
	mod = append(mod, section(0, custom...)...)

	m, err := parse(mod)
	if err != nil {
		t.Fatal(err)
	}
	if m.imports != 1 || len(m.code) != 2 || m.code[0] != 3 || m.code[1] != 1 || m.data != 4 {
		t.Errorf("parse = %+v", m)
	}
	if m.names[1] != "a.f" || m.names[2] != "a_b.g" {
		t.Errorf("names = %v", m.names)
	}
	if _, err := parse(mod[:len(mod)-3]); err == nil {
		t.Error("a truncated module parsed")
	}
	if _, err := parse([]byte("not wasm")); err == nil {
		t.Error("a file that is not a module parsed")
	}
}

func TestPkgOf(t *testing.T) {
	for name, want := range map[string]string{
		"d6codex/calc/render.overlay":               "d6codex/calc/render",
		"d6codex_rules_dice_anydice.__interp_.exec": "d6codex_rules_dice_anydice",
		"runtime.mallocgc":                          "runtime",
		"github.com/a/b.(*T).m":                     "github.com/a/b",
		"wasm_export_run":                           "wasm_export_run",
	} {
		if got := pkgOf(name); got != want {
			t.Errorf("pkgOf(%q) = %q, want %q", name, got, want)
		}
	}
}
