package markup

import (
	"fmt"
	"strings"
	"testing"
)

// fakeQueries answers every query with what it was given, so that the
// test sees what reached the resolver and where its problems land.
type fakeQueries struct{ fakeVault }

func (fakeQueries) Query(q Query) QueryOutput {
	out := QueryOutput{HTML: fmt.Sprintf("<q-%s>%s</q-%s>", q.Lang, q.Markdown(q.Text), q.Lang)}
	if strings.Contains(q.Text, "bad") {
		out.Problems = append(out.Problems, Problem{Line: 2, Col: 3, Msg: "bad at its second line", Warning: true})
	}
	return out
}

func (fakeQueries) BaseEmbed(target, view string, q Query) (QueryOutput, bool) {
	if target != "Views.base" {
		return QueryOutput{}, false
	}
	return QueryOutput{HTML: "<base-view>" + view + "</base-view>"}, true
}

func TestQueries(t *testing.T) {
	on := Options{Obsidian: true, Dataview: DataviewOptions{On: true, Prefix: "=", JSPrefix: "$="}}
	for _, tc := range []struct {
		name string
		opts Options
		src  string
		want []string
		not  []string
		prob []string
	}{
		{name: "inline query", opts: on, src: "Level `= this.level` here\n", want: []string{"Level <q-inline>this.level</q-inline> here"}, not: []string{"<code>"}},
		{name: "inline DataviewJS", opts: on, src: "`$= dv.current()`\n", want: []string{"<q-inline-js>dv.current()</q-inline-js>"}},
		{name: "code that is not a query", opts: on, src: "`a = b`\n", want: []string{"<code>a = b</code>"}},
		{name: "a vault without Dataview keeps its code", opts: Options{Obsidian: true}, src: "`= this.level`\n", want: []string{"<code>= this.level</code>"}},
		{name: "the vault's prefix", opts: Options{Obsidian: true, Dataview: DataviewOptions{On: true, Prefix: "dv:"}}, src: "`dv: x` `= y`\n",
			want: []string{"<q-inline>x</q-inline>", "<code>= y</code>"}},
		{name: "dataview block", opts: on, src: "Text\n\n```dataview\nLIST\n```\n", want: []string{"<q-dataview>LIST</q-dataview>"}, not: []string{"<pre"}},
		{name: "dataviewjs block", opts: on, src: "```dataviewjs\ndv.list()\n```\n", want: []string{"<q-dataviewjs>"}, not: []string{"<pre"}},
		{name: "a block's problem at its line", opts: on, src: "Intro\n\n```dataview\nLIST\nbad\n```\n", prob: []string{"5:3: bad at its second line"}},
		{name: "base block without Dataview", opts: Options{Obsidian: true}, src: "```base\nviews: []\n```\n", want: []string{"<q-base>"}},
		{name: "base embed", opts: on, src: "## Learnset\n\n![[Views.base#Learnsets v3.0]]\n", want: []string{"<base-view>Learnsets v3.0</base-view>"}, not: []string{"<img", "<p><base-view>"}},
		{name: "base embed without Dataview: never an image", opts: Options{Obsidian: true}, src: "![[Views.base]]\n", want: []string{"<base-view></base-view>"}, not: []string{"<img"}},
		{name: "embed of a base that is not there", opts: on, src: "![[Other.base]]\n", prob: []string{"1:1: broken embed ![[Other.base]]: no base named \"Other.base\""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(tc.opts)
			var problems []string
			page := &Page{File: "note.md", Links: fakeQueries{fakeVault{notes: map[string]string{}}}, Report: func(p Problem) {
				problems = append(problems, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg))
			}}
			html, _, err := m.Convert([]byte(tc.src), page)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(html, w) {
					t.Errorf("missing %q in\n%s", w, html)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(html, n) {
					t.Errorf("unexpected %q in\n%s", n, html)
				}
			}
			for _, p := range tc.prob {
				found := false
				for _, got := range problems {
					found = found || strings.Contains(got, p)
				}
				if !found {
					t.Errorf("problem %q not in %q", p, problems)
				}
			}
		})
	}
}
