package jsconfig

import (
	"cmp"
	"fmt"
	"strings"
	"testing"
)

// TestConditionalAndFilter: what Node computes from the file alone is
// read. "process.env: … If the environment variable is not set, the
// property is undefined" (https://nodejs.org/api/process.html#processenv),
// so `process.env.MODE === "players" ? A : B` is B when MODE is unset, as
// a build without it sees; "The filter() method … creates a shallow copy
// of a given array, filtered down to just the elements … that pass the
// test implemented by the provided function"
// (https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/filter).
// Spronghi/dnd-witchlight-campaign's astro.config.mjs (eval12C NC2) writes
// both. A predicate or condition outside the subset (a call, an unknown
// name) leaves the whole value Computed, never a part of it silently.
// process.env is read unset by Options.UnsetEnv only (EnvRead names what it
// read); Parse leaves it Computed (envComputed: a variable may guard what
// is published, Quartz's `process.env.CI ? [ExplicitPublish()] : []`).
// Read with Options.Calls, a call (keep(s)) is not run either.
func TestConditionalAndFilter(t *testing.T) {
	const envComputed = "(Parse: computed)"
	for _, tc := range []struct{ name, src, want, env string }{
		{"ternary on an unset variable", "const title = process.env.MODE === \"players\" ? \"A\" : \"B\"\nexport default {title}",
			`{"__keys":"title","title":"B"}`, "map[MODE:1]"},
		{"ternary with objects", "const social = process.env.MODE === 'players' ? {} : { github: 'g' }\nexport default {social}",
			`{"__keys":"social","social":{"__keys":"github","github":"g"}}`, "map[MODE:1]"},
		{"negated condition", "export default {t: process.env.MODE !== 'x' ? 'yes' : 'no', u: !process.env.CI ? 1 : 2}",
			`{"__keys":"t,u","t":"yes","u":1}`, "map[CI:1 MODE:1]"},
		{"or default", "export default {t: process.env.TITLE || 'Docs', u: process.env.T ?? 'D'}",
			`{"__keys":"t,u","t":"Docs","u":"D"}`, "map[T:1 TITLE:1]"},
		{"env alone stays computed", "export default {t: process.env.TITLE}",
			`{"__keys":"t","t":"computed:process.env.TITLE@1"}`, ""},
		{"literal condition", "export default {t: 1 === 1 ? 'a' : 'b'}",
			`{"__keys":"t","t":"a"}`, ""},
		{"condition on a call", "export default {t: load() ? 'a' : 'b'}",
			`{"__keys":"t","t":"computed:load() ? 'a' : 'b'@1"}`, ""},
		{"filter with a block predicate",
			"const sidebar = [\n  { label: 'Home' },\n  { label: 'Players' },\n].filter((s) => {\n  if (process.env.MODE === 'players' && s.label === 'Players') {\n    return false;\n  }\n\n  return true;\n});\nexport default {sidebar}",
			`{"__keys":"sidebar","sidebar":[{"__keys":"label","label":"Home"},{"__keys":"label","label":"Players"}]}`, "map[MODE:5]"},
		{"filter on a property",
			"const all = [{label: 'A', hide: true}, {label: 'B'}, {label: 'C', hide: false}]\nexport default {s: all.filter(x => !x.hide), t: all.filter((x) => x.label !== 'B')}",
			`{"__keys":"s,t","s":[{"__keys":"label","label":"B"},{"__keys":"label,hide","hide":false,"label":"C"}],"t":[{"__keys":"label,hide","hide":true,"label":"A"},{"__keys":"label,hide","hide":false,"label":"C"}]}`, ""},
		{"filter with else", "export default {s: [1, 2, 3].filter(n => { if (n === 2) return false; else { return true } })}",
			`{"__keys":"s","s":[1,3]}`, ""},
		{"filter calling a function", "export default {s: [1, 2].filter(n => keep(n))}",
			`{"__keys":"s","s":"computed:[1, 2].filter(n =\u003e keep(n))@1"}`, ""},
		{"filter with a loop", "export default {s: [1, 2].filter(n => { for (;;) {} })}",
			`{"__keys":"s","s":"computed:[1, 2].filter(n =\u003e { for (;;) {} })@1"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := ParseWith([]byte(tc.src), Options{UnsetEnv: true})
			if got := show(f.Root); got != tc.want {
				t.Errorf("Options.UnsetEnv = %s\nwant            %s", got, tc.want)
			}
			if got := show(ParseWith([]byte(tc.src), Options{UnsetEnv: true, Calls: true}).Root); got != tc.want {
				t.Errorf("with Calls = %s\nwant         %s", got, tc.want)
			}
			if got := fmt.Sprint(f.EnvRead); got != cmp.Or(tc.env, "map[]") {
				t.Errorf("EnvRead = %s, want %s", got, cmp.Or(tc.env, "map[]"))
			}
			got := show(Parse([]byte(tc.src)).Root)
			if tc.env != "" && !strings.Contains(got, "computed:") || tc.env == "" && got != tc.want {
				t.Errorf("Parse = %s, want %s", got, cmp.Or(map[bool]string{true: envComputed}[tc.env != ""], tc.want))
			}
		})
	}
}

// TestEvalBounded: a condition nested past maxDepth, or a filter whose
// predicate runs past maxEvalSteps, is Computed, not a stack overflow or a
// long wait.
func TestEvalBounded(t *testing.T) {
	deep := "export default {t: " + strings.Repeat("!(", 10000) + "1" + strings.Repeat(")", 10000) + " ? 'a' : 'b'}"
	if got := show(Parse([]byte(deep)).Root); !strings.Contains(got, "computed:") {
		t.Errorf("10,000 nested negations read as %.80s, want Computed", got)
	}
	big := "export default {s: [" + strings.Repeat("{a: 1},", 20000) + "].filter(x => " + strings.Repeat("x.a === 1 && ", 50) + "true)}"
	if got := show(Parse([]byte(big)).Root); !strings.Contains(got, "computed:") {
		t.Errorf("a filter of 20,000 × 50 comparisons read as %.80s, want Computed", got)
	}
}

// Options.Env gives the variables the tool's build sets their values:
// docusaurus build sets NODE_ENV ("process.env.NODE_ENV = 'production'",
// @docusaurus/core lib/commands/build/build.js), so a site's
// `const isDev = process.env.NODE_ENV === 'development'` is false there
// (ChaoticTrials/Website's includeCurrentVersion: isDev). A variable
// Env does not name stays Computed, unless UnsetEnv.
func TestEnv(t *testing.T) {
	env := map[string]string{"NODE_ENV": "production"}
	for _, tc := range []struct{ name, src, want string }{
		{"a constant compared", "const isDev = process.env.NODE_ENV === 'development';\nexport default {docs: {includeCurrentVersion: isDev}}",
			`{"__keys":"docs","docs":{"__keys":"includeCurrentVersion","includeCurrentVersion":false}}`},
		{"negated", "export default {a: process.env.NODE_ENV !== 'production', b: !(process.env.NODE_ENV === 'development')}",
			`{"__keys":"a,b","a":false,"b":true}`},
		{"the value alone", "export default {mode: process.env.NODE_ENV}",
			`{"__keys":"mode","mode":"production"}`},
		{"another variable stays computed", "export default {t: process.env.TITLE === 'x'}",
			`{"__keys":"t","t":"computed:process.env.TITLE === 'x'@1"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := show(ParseWith([]byte(tc.src), Options{Env: env}).Root); got != tc.want {
				t.Errorf("Options.Env = %s\nwant         %s", got, tc.want)
			}
		})
	}
}
