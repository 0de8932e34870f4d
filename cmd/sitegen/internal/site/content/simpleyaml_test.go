package content

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestSimpleYAML holds simpleYAML to yaml.v3: whatever it accepts, it
// decodes to the map yaml.v3 gives; it accepts the generated corpora's
// front matter; it leaves everything else to yaml.v3 (hand-made edge
// cases and random lines built from YAML's special characters).
func TestSimpleYAML(t *testing.T) {
	accepted := []string{
		"title: \"Rule s9-1959\"\nweight: 1959\n",
		"title: \"A: b # c, [d] {e} 'f' & * ! | > % @ `\"\nweight: 0\n",
		"title: \"\"\n",
		"y: 1\nn: \"x\"\nyes: 2\nno: 3\non: 4\noff: 5\nnan: 6\ninf: 7\n_: 8\nnull_x: 9\n",
		"weight: 999999999999999999\n",
	}
	rejected := []string{
		"", "\n", "title: \"A\"", "title: \"A\"\r\n", "title: \"A\" \n", "title: \"A\" # c\n",
		"title: 'A'\n", "title: A\n", "title: \"A\\u0041\"\n", "title: \"A\"B\"\n", "title: \"\xc3\xa9\"\n",
		"title: \"A\"\ntitle: \"B\"\n", "true: 1\n", "false: 1\n", "null: 1\n", "Title: \"A\"\n",
		"weight: 01\n", "weight: -1\n", "weight: +1\n", "weight: 1_000\n", "weight: 0x10\n", "weight: 1.5\n",
		"weight: 1e3\n", "weight: 1234567890123456789\n", "weight: 12 \n", "title:\"A\"\n", "title:  \"A\"\n",
		" title: \"A\"\n", "tags:\n  - a\n", "title: \"A\"\n\n", "---\n", "title: \"A\t\"\n",
	}
	for _, in := range accepted {
		got, ok := simpleYAML([]byte(in))
		if !ok {
			t.Errorf("%q: not accepted", in)
			continue
		}
		checkYAML(t, in, got)
	}
	for _, in := range rejected {
		if m, ok := simpleYAML([]byte(in)); ok {
			t.Errorf("%q: accepted as %v", in, m)
		}
	}
	rng := rand.New(rand.NewPCG(26, 4))
	keys := []string{"a", "title", "weight", "true", "True", "y", "on", "_", "a_b", "a b", "é", "1", "~", ""}
	seps := []string{": ", ":", ":  ", " : ", ":\t"}
	parts := []string{"a", "x", " ", ":", ": ", "\"", "'", "\\", "#", " #", "0", "1", "9", "-", "+", ".", "e", "_", "\t", "\r", "[", "{", "&", "*", "é", "~", "null"}
	n := 0
	for range 50_000 {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteString(keys[rng.IntN(len(keys))] + seps[rng.IntN(len(seps))])
			var v strings.Builder
			for range rng.IntN(5) {
				v.WriteString(parts[rng.IntN(len(parts))])
			}
			if rng.IntN(2) == 0 {
				b.WriteString("\"" + v.String() + "\"")
			} else {
				b.WriteString(v.String())
			}
			b.WriteString("\n")
		}
		in := b.String()
		if got, ok := simpleYAML([]byte(in)); ok {
			n++
			checkYAML(t, in, got)
		}
	}
	t.Logf("%d random blocks accepted", n)
	if n < 100 {
		t.Errorf("only %d random blocks accepted: the random test tests little", n)
	}
}

// checkYAML fails t unless yaml.v3 decodes in to got.
func checkYAML(t *testing.T, in string, got map[string]any) {
	t.Helper()
	want := map[string]any{}
	if err := yaml.Unmarshal([]byte(in), &want); err != nil {
		t.Errorf("%q: accepted as %v, yaml.v3 fails: %v", in, got, err)
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%q: %#v, yaml.v3 %#v", in, got, want)
	}
}
