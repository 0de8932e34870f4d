package zola

import (
	"fmt"
	"os"
	"testing"
)

// TestTeraFilters checks the filters of terafilters.go and the order a
// map is walked in, each as Tera 1's documentation (Keats/tera v1.20.1,
// docs/content/docs/_index.md) or its source and tests describe it,
// quoted by each row, in a Markdown shortcode (no escaping) unless the
// row says html.
func TestTeraFilters(t *testing.T) {
	data := map[string]string{
		"data/order.toml": "zeta = 1\nalpha = 2\n[mid]\ny = 1\nb = 2\n",
		"data/order.json": `{"zeta": 1, "alpha": {"y": 1, "b": 2}, "mid": 3}`,
		"data/order.yaml": "zeta: 1\nalpha:\n  y: 1\n  b: 2\nmid: 3\n",
	}
	for _, tt := range []struct {
		name, tmpl, call, want string
	}{
		// "urlencode ... If value is /foo?a=b&c=d, the output will be
		// /foo%3Fa%3Db%26c%3Dd. / is not escaped"; "urlencode_strict ...
		// the output will be %2Ffoo%3Fa%3Db%26c%3Dd".
		{"urlencode", `{{ v | urlencode }} {{ v | urlencode_strict }} {{ "Guppy's Paw é" | urlencode }}`, `t(v="/foo?a=b&c=d")`, "/foo%3Fa%3Db%26c%3Dd %2Ffoo%3Fa%3Db%26c%3Dd Guppy%27s%20Paw%20%C3%A9"},
		// "striptags ... If value is "<b>Joel</b>", the output will be "Joel"".
		{"striptags", `{{ v | striptags }}`, `t(v="<b>Joel</b> <!-- x --><i>!</i>")`, "Joel !"},
		// "spaceless ... "<p>\n<a> </a>\r\n </p>", the output will be "<p><a></a></p>"".
		{"spaceless", `{{ v | spaceless }}`, "t(v=\"<p>\n<a> </a>\r\n </p>\")", "<p><a></a></p>"},
		// "addslashes ... If value is "I'm using Tera", the output will be "I\\'m using Tera"".
		{"addslashes", `{{ v | addslashes }}`, "t(v=`I'm using \"Tera\"`)", `I\'m using \"Tera\"`},
		// "indent ... prefix argument (default 4 spaces) ... first
		// (default false) ... blank (default false)".
		{"indent", `[{{ v | indent }}][{{ v | indent(prefix="> ", first=true, blank=true) }}]`, "t(v=\"a\n\nb\")", "[a\n\n    b][> a\n> \n> b]"},
		// "pluralize ... If num_messages is 1, the output will be You have 1
		// message. If num_messages is 2 the output will be You have 2
		// messages"; "categor{{ num_categories | pluralize(singular="y", plural="ies") }}".
		{"pluralize", `{{ one }} message{{ one | pluralize }}, {{ two }} categor{{ two | pluralize(singular="y", plural="ies") }}, {{ m }} die{{ m | pluralize }}`, `t(one=1, two=2, m=-1)`, "1 message, 2 categories, -1 die"},
		// round: src tests "2.1 → 2.0", "precision=2: 3.15159265359 →
		// 3.15", "ceil: 2.1 → 3.0", "ceil, precision=1: 2.11 → 2.2",
		// "floor, precision=1: 2.91 → 2.9".
		{"round", `{{ a | round }} {{ b | round(precision=2) }} {{ a | round(method="ceil") }} {{ c | round(method="ceil", precision=1) }} {{ d | round(method="floor", precision=1) }}`, `t(a=2.1, b=3.15159265359, c=2.11, d=2.91)`, "2.0 3.15 3.0 2.2 2.9"},
		// filesizeformat: src test "123456789 → 117.74 MB"; binary "MiB".
		{"filesizeformat", `{{ n | filesizeformat }} {{ n | filesizeformat(binary=true) }} {{ s | filesizeformat }}`, `t(n=123456789, s=100)`, "117.74 MB 117.74 MiB 100 B"},
		// "get ... {{ sections | get(key="posts/content") }} ... a default parameter".
		{"get", `{% set d = load_data(path="data/order.json") %}{{ d | get(key="mid") }} {{ d | get(key="a/b", default="none") }}`, `t()`, "3 none"},
		// "concat ... If the with parameter is an array, all of its values
		// will be appended one by one ... append a single value".
		{"concat", `{{ a | concat(with=b) | join(sep=",") }} {{ a | concat(with="z") | join(sep=",") }}`, `t(a=["x"], b=["y", "w"])`, "x,y,w x,z"},
		// "sort ... numbers are sorted by their numerical value. strings
		// are sorted in alphabetical order ... the attribute argument".
		{"sort", `{{ n | sort | join(sep=",") }} {{ s | sort | join(sep=",") }} {% for p in load_data(path="data/people.json") | sort(attribute="age") %}{{ p.name }}{% endfor %}`, `t(n=[10, 2, 33, 1.5], s=["b", "C", "a"])`, "1.5,2,10,33 C,a,b BoAnnCy"},
		// "unique ... For strings, the case_sensitive argument (default is
		// false)"; "{{ people | unique(attribute="age") }}".
		{"unique", `{{ s | unique | join(sep=",") }} {{ s | unique(case_sensitive=true) | join(sep=",") }} {% for p in load_data(path="data/people.json") | unique(attribute="age") %}{{ p.name }}{% endfor %}`, `t(s=["a", "A", "b", "a"])`, "a,b a,A,b AnnBo"},
		// "filter ... returning only the values where the attribute is
		// equal to the value"; "map ... Retrieves an attribute from each
		// object".
		{"filter and map", `{{ load_data(path="data/people.json") | filter(attribute="age", value=30) | map(attribute="name") | join(sep=",") }} {{ load_data(path="data/people.json") | map(attribute="team.name") | join(sep=",") }}`, `t()`, "Ann,Cy red,blue"},
		// "group_by ... returns a map where the keys are the values of the
		// attribute stringified"; the map's keys in the order the groups
		// appear (preserve_order).
		{"group_by", `{% for age, ps in load_data(path="data/people.json") | group_by(attribute="age") %}{{ age }}:{{ ps | map(attribute="name") | join(sep="+") }};{% endfor %}`, `t()`, "30:Ann+Cy;20:Bo;"},
		// "trim_start_matches ... If value is "//a/b/c//", the output will
		// be "a/b/c//""; "trim_end_matches ... "//a/b/c"".
		{"trim_start_matches, trim_end_matches", `{{ v | trim_start_matches(pat="//") }} {{ v | trim_end_matches(pat="//") }}`, `t(v="//a/b/c//")`, "a/b/c// //a/b/c"},
		// Key order: Zola's Tera is built with preserve_order, so tables
		// are walked in the file's order, nested ones too.
		{"a TOML file's order", `{% for k, v in load_data(path="data/order.toml") %}{{ k }} {% endfor %}{% for k, v in load_data(path="data/order.toml").mid %}{{ k }} {% endfor %}`, `t()`, "zeta alpha mid y b "},
		{"a JSON file's order", `{% for k, v in load_data(path="data/order.json") %}{{ k }} {% endfor %}{% for k, v in load_data(path="data/order.json").alpha %}{{ k }} {% endfor %}{{ load_data(path="data/order.json") | length }}`, `t()`, "zeta alpha mid y b 3"},
		// Tera, json_encode: "Transforms any value into a JSON
		// representation"; serde_json with preserve_order writes an object
		// in its insertion order.
		// Tera's src/context.rs renders a value: an array "[" its items
		// ", " "]", an object "[object]".
		{"printing an array and an object", `{{ a }} {{ load_data(path="data/order.json") }}`, `t(a=["x", 1, true])`, "[x, 1, true] [object]"},
		{"json_encode keeps a loaded table's order", `{{ load_data(path="data/order.json") | json_encode }}`, `t()`, `{"zeta":1,"alpha":{"y":1,"b":2},"mid":3}`},
		{"a YAML file's order", `{% for k, v in load_data(path="data/order.yaml") %}{{ k }} {% endfor %}{% for k, v in load_data(path="data/order.yaml").alpha %}{{ k }} {% endfor %}`, `t()`, "zeta alpha mid y b "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"templates/shortcodes/t.md": tt.tmpl,
				"data/people.json":          `[{"name": "Ann", "age": 30, "team": {"name": "red"}}, {"name": "Bo", "age": 20}, {"name": "Cy", "age": 30, "team": {"name": "blue"}}]`,
			}
			for k, v := range data {
				files[k] = v
			}
			read := func(f string) ([]byte, error) {
				if s, ok := files[f]; ok {
					return []byte(s), nil
				}
				return nil, os.ErrNotExist
			}
			x := Expand("content/a.md", []byte("{{ "+tt.call+" }}\n"), read)
			if string(x.Src) != tt.want+"\n" {
				t.Errorf("got %q, want %q", x.Src, tt.want+"\n")
			}
			for _, p := range x.Problems {
				t.Errorf("warning %s", fmt.Sprintf("%d: %s", p.Line, p.Msg))
			}
		})
	}
}
