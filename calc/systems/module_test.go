package systems

import (
	"encoding/json"
	"testing"

	"d6codex/calc"
)

// TestModuleRegistry: the registry a WebAssembly module serves
// (calc.MustModule on a system's calculators alone) has the site
// registry's calculators with the same fields, limits and defaults, and no
// form texts, and runs them to the same result.
func TestModuleRegistry(t *testing.T) {
	site := New()
	for _, s := range All() {
		mod := calc.MustModule(calc.System{ID: s.ID, Calculators: s.Calculators})
		if len(mod.List()) == 0 {
			t.Errorf("%s: the module registers no calculator", s.ID)
		}
		for _, c := range mod.List() {
			sc, err := site.Get(c.ID)
			if err != nil {
				t.Errorf("%s: %v", c.ID, err)
				continue
			}
			if c.Title != "" || c.Help != "" {
				t.Errorf("%s: the module's calculator has form texts", c.ID)
			}
			if len(c.Fields) != len(sc.Fields) {
				t.Errorf("%s: %d fields in the module, %d on the site", c.ID, len(c.Fields), len(sc.Fields))
				continue
			}
			for i, f := range c.Fields {
				g := sc.Fields[i]
				if f.Name != g.Name || f.Kind != g.Kind || f.Min != g.Min || f.Max != g.Max || f.Default != g.Default || len(f.Options) != len(g.Options) {
					t.Errorf("%s: field %d is %+v in the module, %+v on the site", c.ID, i, f, g)
				}
				if f.Label != "" || f.Help != "" {
					t.Errorf("%s: field %s has form texts in the module", c.ID, f.Name)
				}
			}
			for _, in := range []map[string]string{{}, c.Largest, sc.Largest} {
				a, errA := c.Run(in)
				b, errB := sc.Run(in)
				if (errA == nil) != (errB == nil) {
					t.Errorf("%s %v: module error %v, site error %v", c.ID, in, errA, errB)
					continue
				}
				if errA != nil {
					continue
				}
				ja, _ := json.Marshal(a.Map())
				jb, _ := json.Marshal(b.Map())
				if string(ja) != string(jb) {
					t.Errorf("%s %v: the module's result differs from the site's:\n%s\n%s", c.ID, in, ja, jb)
				}
			}
		}
	}
}
