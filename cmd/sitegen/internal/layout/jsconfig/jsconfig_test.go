package jsconfig

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// plain turns a read value into JSON-like data for comparison: objects
// become maps with their key order in "__keys", Computed values
// "computed:TEXT@LINE".
func plain(v any) any {
	switch v := v.(type) {
	case *Object:
		m := map[string]any{"__keys": strings.Join(v.Keys, ",")}
		for k, x := range v.Values {
			m[k] = plain(x)
		}
		return m
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plain(x)
		}
		return out
	case Computed:
		return fmt.Sprintf("computed:%s@%d", v.Text, v.Line)
	}
	return v
}

func show(v any) string {
	b, _ := json.Marshal(plain(v))
	return string(b)
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"module.exports", `module.exports = {title: 'Rules', n: 2, ok: true, none: null};`,
			`{"__keys":"title,n,ok,none","n":2,"none":null,"ok":true,"title":"Rules"}`},
		{"export default", `export default { "a-b": "x", 'c': [1, -2.5, 0x10,], }`,
			`{"__keys":"a-b,c","a-b":"x","c":[1,-2.5,16]}`},
		{"defineConfig", "import { defineConfig } from 'vitepress'\nexport default defineConfig({ title: `T`, srcDir: './src' })",
			`{"__keys":"title,srcDir","srcDir":"./src","title":"T"}`},
		{"wrapped twice", `export default withMermaid(defineConfig({ title: "M" }))`,
			`{"__keys":"title","title":"M"}`},
		// A parenthesised expression is its value (ECMAScript's
		// ParenthesizedExpression): Lingwcy/mt-wiki's config.mts, which
		// VitePress 1.6 reads (eval13B NB2).
		{"parenthesised call", `export default (defineConfig({ title: "P" }))`,
			`{"__keys":"title","title":"P"}`},
		{"parenthesised object", "module.exports = (\n  { title: 'Q' }\n);",
			`{"__keys":"title","title":"Q"}`},
		{"typed const", "import type {Config} from '@docusaurus/types';\nconst config: Config = {\n  title: 'D', // a comment\n  /* block */ url: 'https://x.org',\n} satisfies Config;\nexport default config;\n",
			`{"__keys":"title,url","title":"D","url":"https://x.org"}`},
		{"const referenced", "const title = 'Named'\nconst cfg = {title, sub: {t: title}}\nmodule.exports = cfg",
			`{"__keys":"title,sub","sub":{"__keys":"t","t":"Named"},"title":"Named"}`},
		{"as const and escapes", `export default {s: 'it\'s \u00e9', list: ['a'] as const}`,
			`{"__keys":"s,list","list":["a"],"s":"it's é"}`},
		// ECMAScript's escapes (ECMA-262 "String Literals", read by
		// jsstring.Unescape): \xHH, \u{…}, \v, a line continuation, a
		// surrogate pair, a non-ASCII character escaped.
		{"JavaScript escapes", "export default {s: '\\x41\\u{1F3B2}\\v\\\n\\uD83D\\uDE00\\é'}",
			`{"__keys":"s","s":"A🎲\u000b😀é"}`},
		{"computed values", "module.exports = {\n  title: process.env.TITLE,\n  url: `https://${host}`,\n  fn: require('x'),\n  sum: 'a' + b,\n  ok: 'yes',\n}",
			`{"__keys":"title,url,fn,sum,ok","fn":"computed:require('x')@4","ok":"yes","sum":"computed:'a' + b@5","title":"computed:process.env.TITLE@2","url":"computed:` + "`https://${host}`" + `@3"}`},
		{"methods and arrows", "export default {\n  async sidebarItemsGenerator({a}) { return [1, 2] },\n  f: (x) => { return {y: 1} },\n  after: 1,\n}",
			`{"__keys":"sidebarItemsGenerator,f,after","after":1,"f":"computed:(x) =\u003e { return {y: 1} }@3","sidebarItemsGenerator":"computed:sidebarItemsGenerator({a}) { return [1, 2] }@2"}`},
		{"spread", "const base = {a: 1}\nexport default {...base, b: [...x, 2]}",
			`{"...":"computed:...base@2","__keys":"...,b","b":["computed:...x@2",2]}`},
		// An array constant mapped by an arrow function to a template of
		// its parameter (botc-wiki's sidebars.js) is read; any other
		// function body, or a value not a constant array of strings, stays
		// computed.
		{"map of a constant", "const M = ['tb', 'bmr']\nmodule.exports = {a: M.map(m => `modules/${m}`), b: M.map((x) => x), c: M.map(m => `${m.toUpperCase()}`), d: N.map(m => m), e: M.map(m => `a\\n${m}`)}",
			`{"__keys":"a,b,c,d,e","a":["modules/tb","modules/bmr"],"b":["tb","bmr"],"c":"computed:M.map(m =\u003e ` + "`${m.toUpperCase()}`" + `)@2","d":"computed:N.map(m =\u003e m)@2","e":"computed:M.map(m =\u003e ` + "`a\\\\n${m}`" + `)@2"}`},
		{"regex value", `module.exports = {re: /\.mdx?$/i, after: 'x'}`,
			`{"__keys":"re,after","after":"x","re":"computed:/\\.mdx?$/i@1"}`},
		{"nested presets", "module.exports = {presets: [['classic', {docs: {path: 'rules', routeBasePath: '/'}}]]}",
			`{"__keys":"presets","presets":[["classic",{"__keys":"docs","docs":{"__keys":"path,routeBasePath","path":"rules","routeBasePath":"/"}}]]}`},
		{"parenthesized", "module.exports = {presets: [['classic', /** @type {Options} */ ({docs: {path: 'x'}})]], f: (a) => a}",
			`{"__keys":"presets,f","f":"computed:(a) =\u003e a@1","presets":[["classic",{"__keys":"docs","docs":{"__keys":"path","path":"x"}}]]}`},
		// Docusaurus 2's create-docusaurus template for JavaScript wraps
		// the export in parentheses after its JSDoc type comment
		// (ArdaCraft/Wiki's website/docusaurus.config.js): the same
		// assignment, read as module.exports = {...}.
		{"parenthesized export", "const a = require('x');\n/** @type {import('@docusaurus/types').Config} */\n(module.exports = {\n  title: 'Wiki',\n  url: 'https://w.org',\n});\n",
			`{"__keys":"title,url","title":"Wiki","url":"https://w.org"}`},
		{"an array of consts", "const a = ['x', 'y']\nconst b = {K: ['z']}\nmodule.exports = [a, b]",
			`[["x","y"],{"K":["z"],"__keys":"K"}]`},
		{"function export with a loop", "export default async function () { for (;;) {} }", `"computed:async function () { for (;;) {} }@1"`},
		// A template literal whose substitutions are all top-level
		// constants holding strings or numbers is their text, as Node
		// builds it (brian-montgomery/jc2e-tea's astro.config.mjs: "const
		// basePath = 'jc2e-tea'; … base: `/${basePath}`"); one naming
		// anything else is not read.
		{"template of constants", "const basePath = 'jc2e-tea';\nconst n = 2;\nconst v = process.env.V;\nexport default {base: `/${basePath}`, t: `v${ n }-${basePath}`, u: `x${v}`, w: `${other}`}",
			`{"__keys":"base,t,u,w","base":"/jc2e-tea","t":"v2-jc2e-tea","u":"computed:` + "`x${v}`" + `@4","w":"computed:` + "`${other}`" + `@4"}`},
		{"nothing exported", "const x = 1", `null`},
		{"unterminated", "module.exports = {title: 'a', list: [1, 2", `{"__keys":"title,list","list":[1,2],"title":"a"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := show(Parse([]byte(tt.src)).Root); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestFunctionExport: a configuration exported as a function, async or
// not, is read as the object its body returns (its last top-level
// `return {…}`, or an arrow's expression), the consts its body declares
// before the return in scope. Docusaurus
// (https://docusaurus.io/docs/configuration#syntax-to-declare-docusaurus-config):
// "the config file can export a function or an async function returning
// the config object". ZeiZel/dndsidian's docusaurus.config.ts is
// `const docusaurus = async (): Promise<Config> => { return {…} }`.
func TestFunctionExport(t *testing.T) {
	want := `{"__keys":"title,baseUrl","baseUrl":"/d/","title":"D"}`
	tests := []struct {
		name, src, want string
	}{
		{"async arrow const", "const docusaurus = async (): Promise<Config> => {\n  return {\n    title: 'D',\n    baseUrl: '/d/',\n  };\n};\nexport default docusaurus;", want},
		{"async arrow", "module.exports = async () => {\n  return {title: 'D', baseUrl: '/d/'}\n}", want},
		{"arrow expression", "module.exports = () => ({title: 'D', baseUrl: '/d/'})", want},
		{"async function declaration", "async function createConfig() {\n  const base = '/d/';\n  return {title: 'D', baseUrl: base};\n}\nmodule.exports = createConfig;", want},
		{"default async function", "export default async function createConfig(): Promise<Config> {\n  if (x) { return {title: 'other'} }\n  return {title: 'D', baseUrl: '/d/'}\n}", want},
		{"body const shadows", "const t = 'outer'\nmodule.exports = async function () { const t = 'D'; return {title: t, baseUrl: '/d/'} }", want},
		{"top-level const used", "const base = '/d/'\nmodule.exports = async () => { return {title: 'D', baseUrl: base} }", want},
		{"no return", "module.exports = async () => { await x() }", `"computed:async () =\u003e { await x() }@1"`},
		{"returns a call", "module.exports = async () => { const c = await load(); return c }", `"computed:await load()@1"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := show(Parse([]byte(tt.src)).Root); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestMemberOfConst: NAME.a.b, NAME a top-level const holding an object
// literal, is the value at that key path, as JavaScript reads a property
// (ZeiZel/dndsidian: `url: selfHostedConfig.urls.landing`); a key it
// lacks, a method call or an index leaves it Computed.
func TestMemberOfConst(t *testing.T) {
	src := "const c = {urls: {landing: 'https://x.io', n: 2}, list: ['a']}\nmodule.exports = {url: c.urls.landing, n: c.urls.n, o: c.urls, none: c.nope, call: c.urls.get(), idx: c.list[0]}"
	want := `{"__keys":"url,n,o,none,call,idx","call":"computed:c.urls.get()@2","idx":"computed:c.list[0]@2","n":2,"none":"computed:c.nope@2","o":{"__keys":"landing,n","landing":"https://x.io","n":2},"url":"https://x.io"}`
	if got := show(Parse([]byte(src)).Root); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestDeepNesting: 100,000 nested arrays are read to maxDepth levels and
// no deeper (the reader's bound on memory and recursion); its time is
// BenchmarkDeepNesting's (a timed assertion failed CI under load).
func TestDeepNesting(t *testing.T) {
	src := "module.exports = " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	depth := 0
	for v := Parse([]byte(src)).Root; ; depth++ {
		a, ok := v.([]any)
		if !ok || len(a) == 0 {
			break
		}
		v = a[0]
	}
	if depth == 0 || depth > maxDepth+1 {
		t.Errorf("read %d levels of 100,000 nested arrays, want 1 to %d", depth, maxDepth+1)
	}
}

func BenchmarkDeepNesting(b *testing.B) {
	src := []byte("module.exports = " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000))
	for b.Loop() {
		Parse(src)
	}
}

// FuzzParse: no input makes the reader panic or loop.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"module.exports = {a: [1, {b: 'c'}]}", "export default defineConfig({x: `a${b}c`, y: /re/g})",
		"const c: T<{a: 1}> = {a} satisfies X; export default c", "{[x]: 1, ...y, get z() {}}", "export default {'\\u12"} {
		f.Add(s)
	}
	f.Add("export const l = { left: [Component.Explorer({ /* c */ sortFn: (a, b) => a // x\n })] }")
	f.Fuzz(func(t *testing.T, src string) {
		Parse([]byte(src))
		g := ParseCalls([]byte(src))
		for _, name := range g.Names() {
			g.Named(name)
		}
	})
}

// TestConstsBounded: constants that name each other many times over
// (c0 = [c1, c1, …], c1 = [c2, c2, …], …) would make 10^40 values if each
// reference were read out in full; the reader stops at MaxValues and keeps
// the rest as Computed. Without the bound this test does not end.
func TestConstsBounded(t *testing.T) {
	var b strings.Builder
	const depth = 40
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, "const c%d = [%s]\n", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("c%d, ", i+1), 10), ", "))
	}
	fmt.Fprintf(&b, "const c%d = 'leaf'\nmodule.exports = {x: c0}\n", depth)
	root, ok := Parse([]byte(b.String())).Root.(*Object)
	if !ok {
		t.Fatalf("root: %v", root)
	}
	values, computed := 0, 0
	var count func(v any)
	count = func(v any) {
		values++
		switch v := v.(type) {
		case []any:
			for _, x := range v {
				count(x)
			}
		case Computed:
			computed++
		}
	}
	count(root.Get("x"))
	if values > 2*MaxValues || computed == 0 {
		t.Errorf("read %d values, %d of them computed; want at most %d, some computed", values, computed, 2*MaxValues)
	}
}

// TestPositions: a key's line and column (in bytes, from 1), for errors
// at the setting.
func TestPositions(t *testing.T) {
	src := "module.exports = {\n  title: 'é',\n\tpresets: [['classic', {docs: {path: '.git'}}]],\n};\n"
	root := Parse([]byte(src)).Root.(*Object)
	if l, c := root.Lines["presets"], root.Cols["presets"]; l != 3 || c != 2 {
		t.Errorf("presets at %d:%d, want 3:2", l, c)
	}
	docs := root.Get("presets").([]any)[0].([]any)[1].(*Object).Object("docs")
	if l, c := docs.Lines["path"], docs.Cols["path"]; l != 3 || c != 32 {
		t.Errorf("path at %d:%d, want 3:32", l, c)
	}
}

// TestParseCalls: with ParseCalls a call to a (dotted) name is a Call
// whose arguments are read as values; with Parse it stays Computed.
func TestParseCalls(t *testing.T) {
	src := "import * as Plugin from './p'\nconst opts = { markdownLinkResolution: 'relative' }\nexport default {\n  plugins: {\n" +
		"    transformers: [Plugin.CrawlLinks(opts), Plugin.Other({ a: 1 }, 'b',)],\n    filters: [Plugin.RemoveDrafts()],\n    emit: f(x) + 1,\n  },\n}\n"
	plugins := ParseCalls([]byte(src)).Root.(*Object).Object("plugins")
	tr, _ := plugins.Get("transformers").([]any)
	if len(tr) != 2 {
		t.Fatalf("transformers = %#v", plugins.Get("transformers"))
	}
	crawl, ok := tr[0].(Call)
	if !ok || crawl.Callee != "Plugin.CrawlLinks" || crawl.Line != 5 || len(crawl.Args) != 1 {
		t.Fatalf("CrawlLinks = %#v", tr[0])
	}
	if s, _ := crawl.Args[0].(*Object).String("markdownLinkResolution"); s != "relative" {
		t.Errorf("CrawlLinks' options (a const) = %#v", crawl.Args[0])
	}
	if other, ok := tr[1].(Call); !ok || len(other.Args) != 2 || other.Args[1] != "b" {
		t.Errorf("Other = %#v", tr[1])
	}
	if f, _ := plugins.Get("filters").([]any); len(f) != 1 || f[0].(Call).Callee != "Plugin.RemoveDrafts" || len(f[0].(Call).Args) != 0 {
		t.Errorf("filters = %#v", plugins.Get("filters"))
	}
	if c, ok := plugins.Get("emit").(Computed); !ok || c.Text != "f(x) + 1" {
		t.Errorf("a call in an expression = %#v, want Computed", plugins.Get("emit"))
	}
	if _, ok := Parse([]byte(src)).Root.(*Object).Object("plugins").Get("filters").([]any)[0].(Computed); !ok {
		t.Errorf("Parse reads a call as %#v, want Computed", Parse([]byte(src)).Root.(*Object).Object("plugins").Get("filters"))
	}
}

// TestMutatedConst: a top-level const that code changes after its
// declaration is not its literal when the file runs — neoforged/Documentation's
// docusaurus.config.js declares `const contentPlugins = [];`, fills it
// in a helper function (contentPlugins.push([...])) and sets `plugins:
// contentPlugins` — so it is Computed, its text naming the line that
// changes it, never the empty literal read in silence.
func TestMutatedConst(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"push in a function called in a loop", "const list = [];\nfunction add(id) {\n  list.push([id]);\n}\nfor (const x of ['a', 'b']) add(x);\nmodule.exports = {plugins: list};",
			`{"__keys":"plugins","plugins":"computed:list (changed by code at line 3)@6"}`},
		{"shorthand", "const plugins = [];\nplugins.unshift('x');\nmodule.exports = {plugins};",
			`{"__keys":"plugins","plugins":"computed:plugins (changed by code at line 2)@3"}`},
		{"assigned", "let title = 'a';\ntitle = 'b';\nmodule.exports = {title: title};",
			`{"__keys":"title","title":"computed:title (changed by code at line 2)@3"}`},
		{"element assigned", "const o = {a: 1};\no['a'] = 2;\nmodule.exports = {o: o};",
			`{"__keys":"o","o":"computed:o (changed by code at line 2)@3"}`},
		{"property assigned: that key only", "const o = {a: 1, b: 2};\no.a = 2;\no.c = 3;\nmodule.exports = {o: o};",
			`{"__keys":"o","o":{"__keys":"a,b,c","a":"computed:o.a (changed by code at line 2)@1","b":2,"c":"computed:o.c (changed by code at line 3)@3"}}`},
		{"a key's array pushed to", "const config = {title: 'T', plugins: []};\nconfig.plugins.push('p');\nmodule.exports = config;",
			`{"__keys":"title,plugins","plugins":"computed:config.plugins (changed by code at line 2)@1","title":"T"}`},
		{"the exported object's key set", "const config = {title: 'T', plugins: []};\nif (x) {\n  config.plugins = ['p'];\n}\nmodule.exports = config;",
			`{"__keys":"title,plugins","plugins":"computed:config.plugins (changed by code at line 3)@1","title":"T"}`},
		{"read only", "const list = ['a'];\nconst n = list.length;\nconst b = list.map(x => x);\nmodule.exports = {plugins: list, same: other.list.push};",
			`{"__keys":"plugins,same","plugins":["a"],"same":"computed:other.list.push@4"}`},
		{"a comparison is no change", "const a = 'x';\nif (a === 'y') {}\nmodule.exports = {a: a};", `{"__keys":"a","a":"x"}`},
		// A deeper key set or pushed to (config.themeConfig.navbar.items
		// = …): that key only, at any depth, the rest of the object read.
		{"a deeper key set", "const config = {title: 'T', themeConfig: {navbar: {title: 'N', items: [{label: 'a'}]}}};\nconfig.themeConfig.navbar.items = [];\nmodule.exports = config;",
			`{"__keys":"title,themeConfig","themeConfig":{"__keys":"navbar","navbar":{"__keys":"title,items","items":"computed:config.themeConfig.navbar.items (changed by code at line 2)@1","title":"N"}},"title":"T"}`},
		{"a deeper key pushed to", "const config = {themeConfig: {navbar: {items: []}}};\nconfig.themeConfig.navbar.items.push({label: 'x'});\nmodule.exports = config;",
			`{"__keys":"themeConfig","themeConfig":{"__keys":"navbar","navbar":{"__keys":"items","items":"computed:config.themeConfig.navbar.items (changed by code at line 2)@1"}}}`},
		{"a deeper key the literal lacks", "const config = {themeConfig: {}};\nconfig.themeConfig.navbar.items = [];\nmodule.exports = config;",
			`{"__keys":"themeConfig","themeConfig":{"__keys":"navbar","navbar":"computed:config.themeConfig.navbar (changed by code at line 2)@2"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := show(Parse([]byte(tc.src)).Root); got != tc.want {
				t.Errorf("Parse = %s\nwant    %s", got, tc.want)
			}
		})
	}
}

// TestBuiltArray: an array a helper function fills, called as statements
// of the file with arguments the reader reads, is the literal and what
// the pushes add, in the order the file runs them, parameters read as
// the arguments, in templates too (neoforged/Documentation's
// docusaurus.config.js: createContentDocs(id, label) pushes
// ['@docusaurus/plugin-content-docs', {id: id, path: id, sidebarPath:
// require.resolve(`./sidebar/${id}.js`)}] into contentPlugins). Pushes
// the reader cannot place (in a condition, a helper called in an
// expression) leave it Computed.
func TestBuiltArray(t *testing.T) {
	helper := "const plugins = ['first'];\nconst items = [];\nfunction add(id, label) {\n  plugins.push([\"docs\", {id: id, path: `dir/${id}`, label, side: require.resolve(`./sidebar/${id}.js`)}]);\n  items.push({label: label});\n}\n"
	for _, tc := range []struct{ name, src, want string }{
		{"a helper called as statements",
			helper + "add('a', 'A');\nadd(\"b\", 'B')\nplugins.push('last');\nmodule.exports = {plugins: plugins, items};",
			`{"__keys":"plugins,items","items":[{"__keys":"label","label":"A"},{"__keys":"label","label":"B"}],"plugins":["first",["docs",{"__keys":"id,path,label,side","id":"a","label":"A","path":"dir/a","side":"computed:require.resolve(` + "`./sidebar/a.js`" + `)@4"}],["docs",{"__keys":"id,path,label,side","id":"b","label":"B","path":"dir/b","side":"computed:require.resolve(` + "`./sidebar/b.js`" + `)@4"}],"last"]}`},
		{"a helper called in an expression",
			helper + "const x = add('a', 'A') || 1;\nmodule.exports = {plugins: plugins};",
			`{"__keys":"plugins","plugins":"computed:plugins (changed by code at line 4)@8"}`},
		{"a push in a condition",
			"const plugins = [];\nif (process.env.X) {\n  plugins.push('x');\n}\nmodule.exports = {plugins: plugins};",
			`{"__keys":"plugins","plugins":"computed:plugins (changed by code at line 3)@5"}`},
		{"an argument not read",
			helper + "add(process.env.ID, 'A');\nmodule.exports = {plugins: plugins};",
			`{"__keys":"plugins","plugins":"computed:plugins (changed by code at line 4)@8"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := show(Parse([]byte(tc.src)).Root); got != tc.want {
				t.Errorf("Parse = %s\nwant    %s", got, tc.want)
			}
		})
	}
}

// TestConcatAndSpread: an array literal joined with others by
// .concat(…) or spread into one (...name) is the array JavaScript makes
// of them — Array.prototype.concat "returns a new array … the elements
// of the array on which it is called, followed in order by, for each
// argument, the elements of the argument (if the argument is an array)
// or the argument itself"
// (https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/concat).
// neoforged/Documentation's docusaurus.config.js writes its navbar as
// `items: [{…}].concat(navbarItems).concat([{…}])`, navbarItems filled by
// a helper (createContentDocs). An argument not read leaves the whole
// value Computed, never a part of it silently.
func TestConcatAndSpread(t *testing.T) {
	helper := "const items = [];\nconst more = [{label: 'M'}];\nfunction add(label) {\n  items.push({label: label});\n}\nadd('A');\nadd('B');\n"
	for _, tc := range []struct{ name, src, want string }{
		{"concat of a built array and a literal",
			helper + "module.exports = {items: [{label: 'first'}]\n  .concat(items)\n  .concat([{label: 'last'}], 'x')};",
			`{"__keys":"items","items":[{"__keys":"label","label":"first"},{"__keys":"label","label":"A"},{"__keys":"label","label":"B"},{"__keys":"label","label":"last"},"x"]}`},
		{"concat on a name",
			helper + "module.exports = {items: more.concat(items)};",
			`{"__keys":"items","items":[{"__keys":"label","label":"M"},{"__keys":"label","label":"A"},{"__keys":"label","label":"B"}]}`},
		{"spread of a built array and a const",
			helper + "module.exports = {items: [{label: 'first'}, ...items, ...more]};",
			`{"__keys":"items","items":[{"__keys":"label","label":"first"},{"__keys":"label","label":"A"},{"__keys":"label","label":"B"},{"__keys":"label","label":"M"}]}`},
		{"concat of a value not read",
			helper + "module.exports = {items: [1].concat(process.env.X)};",
			`{"__keys":"items","items":"computed:[1].concat(process.env.X)@8"}`},
		{"spread of a value not read",
			"module.exports = {items: [1, ...load()]};",
			`{"__keys":"items","items":[1,"computed:...load()@1"]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := show(Parse([]byte(tc.src)).Root); got != tc.want {
				t.Errorf("Parse = %s\nwant    %s", got, tc.want)
			}
		})
	}
}

// TestNamed reads the declarations of a file that exports nothing by
// default, as quartz.layout.ts (export const defaultContentPageLayout:
// PageLayout = {...}), with a component declared as a function returning
// it, and the code of calls and functions, comments blanked.
func TestNamed(t *testing.T) {
	src := `import * as Component from "./quartz/components"
const Explorer = () => Component.Explorer({
  title: "All pages", // shown above the tree
  sortFn: (a, b) => /* by name */ a.displayName.localeCompare(b.displayName),
})
export const defaultContentPageLayout: PageLayout = {
  left: [Component.DesktopOnly(Explorer())],
}
`
	f := ParseCalls([]byte(src))
	if got := f.Names(); !slices.Equal(got, []string{"Explorer", "defaultContentPageLayout"}) {
		t.Errorf("Names = %q", got)
	}
	if _, ok := f.Named("defaultListPageLayout"); ok {
		t.Error("an undeclared name read")
	}
	v, _ := f.Named("Explorer")
	c, ok := v.(Call)
	if !ok || c.Callee != "Component.Explorer" || c.Line != 2 {
		t.Fatalf("Explorer = %s", show(v))
	}
	if strings.Contains(c.Code, "shown above") || !strings.HasPrefix(c.Code, "Component.Explorer({") || !strings.HasSuffix(c.Code, "})") {
		t.Errorf("Code = %q", c.Code)
	}
	opts := c.Args[0].(*Object)
	sortFn, ok := opts.Get("sortFn").(Computed)
	if want := "(a, b) =>" + strings.Repeat(" ", 15) + "a.displayName.localeCompare(b.displayName)"; !ok || sortFn.Code != want {
		t.Errorf("sortFn = %#v, want Code %q", opts.Get("sortFn"), want)
	}
	if f.Line("defaultContentPageLayout") != 6 || f.Line("x") != 0 {
		t.Errorf("Line = %d", f.Line("defaultContentPageLayout"))
	}
	v, _ = f.Named("defaultContentPageLayout")
	left := v.(*Object).Get("left").([]any)
	if d, ok := left[0].(Call); !ok || d.Callee != "Component.DesktopOnly" || d.Args[0].(Call).Callee != "Explorer" {
		t.Errorf("left = %s", show(left))
	}
}

// TestSelfReference: a constant read within its own value (found by
// FuzzParse through Named: "const A={0:[A r(…)]}") is Computed there,
// not read anew at each level: const A = {0: [A, A]} read 2^depth values
// (MaxValues, seven seconds).
func TestSelfReference(t *testing.T) {
	for _, src := range []string{"const A={0:[A, A]}\nexport default A", "const A={0:[A r(1)]}\nexport default A",
		"const A={0:[B, B], b: {...A}}\nconst B = [A.b, A.b, {A}]\nexport default {x: A, y: B}"} {
		t0 := time.Now()
		f := ParseCalls([]byte(src))
		f.Named("A")
		if d := time.Since(t0); d > time.Second {
			t.Errorf("%q read in %v", src, d)
		}
	}
	f := Parse([]byte("const A = {a: 1, b: [A]}\nexport default A"))
	if got := show(f.Root); got != `{"__keys":"a,b","a":1,"b":["computed:A@1"]}` {
		t.Errorf("read %s", got)
	}
}
