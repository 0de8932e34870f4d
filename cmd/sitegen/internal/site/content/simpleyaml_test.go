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
		// An Obsidian vault's (the 13th Age SRD's) notes.
		"aliases: [\"Dark Elf\"]\ncreated: 2023-02-07\npermalink: \npublish: \ntags: [13A/Characters/Races/Dark-Elf]\nupdated: 2023-05-29\n",
		"aliases: [13th Age License, 13th Age Legal Notice]\ntags: []\nlevel: 12\ntype: Iconic\nauthor: Mike Shea\n",
		"created: +002023-02-07 2316\nupdated: 2023-02-30\ndate: 2023-2-7\n",
		"title: A\nTitle: B\nkey-2: C# and F#\nurl: https://example.com/a?b=c\nx: yes\nz: Ünïcode — text\n",
		"a:\nb: [1, 0, 2023-02-07, \"x\", y z]\nc: a [b] {c}, d\n",
	}
	rejected := []string{
		"", "\n", "title: \"A\"", "title: \"A\"\r\n", "title: \"A\" \n", "title: \"A\" # c\n",
		"title: 'A'\n", "title: \"A\\u0041\"\n", "title: \"A\"B\"\n", "title: \"\xc3\xa9\"\n",
		"title: \"A\"\ntitle: \"B\"\n", "true: 1\n", "false: 1\n", "null: 1\n", "NULL: 1\n",
		"weight: 01\n", "weight: -1\n", "weight: +1\n", "weight: 1_000\n", "weight: 0x10\n", "weight: 1.5\n",
		"weight: 1e3\n", "weight: 1234567890123456789\n", "weight: 12 \n", "title:\"A\"\n", "title:  \"A\"\n",
		" title: \"A\"\n", "tags:\n  - a\n", "title: \"A\"\n\n", "---\n", "title: \"A\t\"\n",
		"a: true\n", "a: ~\n", "a: null\n", "a: .inf\n", "a: 0o17\n", "a: 2023-02-07 10:00\n", "a: b: c\n",
		"a: b #c\n", "a: &x b\n", "a: *x\n", "a: !!str 1\n", "a: |\n", "a: [b, c\n", "a: [b, , c]\n", "a: [b,]\n",
		"a: [[b]]\n", "a: [b: c]\n", "a: [true]\n", "a: [ ]\n", "a: [b] x\n", "a: {b: c}\n", "1a: b\n", "-a: b\n",
		"a: b\u2028c\n", "a: b\u0085c\n", "a: \xff\n", "a: b:\n", "a: -b\n", "a: .5\n",
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
	keys := []string{"a", "title", "weight", "true", "True", "NULL", "y", "on", "_", "a_b", "a-b", "A9", "a b", "é", "1", "~", "", "<<"}
	seps := []string{": ", ":", ":  ", " : ", ":\t", ": ", ": "}
	parts := []string{"a", "x", " ", ":", ": ", "\"", "'", "\\", "#", " #", "0", "1", "9", "-", "+", ".", "e", "E",
		"_", "\t", "\r", "[", "]", ",", ", ", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`", "?", "<", "=", "é",
		"\u2028", "\u00a0", "\u0085", "\ufeff", "~", "null", "true", "inf", "nan", "0x", "0o", "0b", "2023", "2023-02-07",
		"-02", "T10:00:00Z", " 10:00", "yes", "/", "13th"}
	value := func() string {
		var v strings.Builder
		for range rng.IntN(5) {
			v.WriteString(parts[rng.IntN(len(parts))])
		}
		if rng.IntN(2) == 0 {
			return "\"" + v.String() + "\""
		}
		return v.String()
	}
	n, lists := 0, 0
	for range 100_000 {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteString(keys[rng.IntN(len(keys))] + seps[rng.IntN(len(seps))])
			if rng.IntN(3) == 0 {
				items := make([]string, rng.IntN(4))
				for i := range items {
					items[i] = value()
				}
				sep := []string{", ", ",", " , "}[rng.IntN(3)]
				b.WriteString("[" + strings.Join(items, sep) + "]")
			} else {
				b.WriteString(value())
			}
			b.WriteString("\n")
		}
		in := b.String()
		if got, ok := simpleYAML([]byte(in)); ok {
			n++
			if strings.Contains(in, "[") {
				lists++
			}
			checkYAML(t, in, got)
		}
	}
	t.Logf("%d random blocks accepted, %d with a list", n, lists)
	if n < 1000 || lists < 100 {
		t.Errorf("only %d random blocks accepted (%d with a list): the random test tests little", n, lists)
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
