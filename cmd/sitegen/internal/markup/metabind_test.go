package markup

import (
	"fmt"
	"strings"
	"testing"
)

// TestMetaBindFields: in a vault that enables Meta Bind, its inline
// fields are drawn read-only from the note's front matter ("INPUT[slider
// (minValue(-10), maxValue(10)):bind_target]",
// https://moritzjung.dev/obsidian-meta-bind-plugin-docs/reference/inputfieldarguments/minvalue);
// a field it does not draw stays code with a warning at its file:line:col,
// and without the plugin every field is code with the plugin's warning.
func TestMetaBindFields(t *testing.T) {
	inline := map[string]string{"INPUT": "the Meta Bind plugin's", "VIEW": "the Meta Bind plugin's"}
	blocks := map[string]string{"meta-bind": "the Meta Bind plugin's"}
	on := Options{Obsidian: true, Dialects: Dialects{PluginInline: inline, PluginBlocks: blocks, MetaBind: true}}
	off := Options{Obsidian: true, Dialects: Dialects{PluginInline: inline, PluginBlocks: blocks}}
	meta := map[string]any{"axes": map[string]any{"wisdom": 0.5}, "gold": 12, "notes": "Met the *duke*."}
	for _, tc := range []struct {
		name string
		opts Options
		src  string
		want []string
		not  []string
		prob []string
	}{
		{name: "slider and view", opts: on, src: "| Axis | Slider | Value |\n|---|---|---|\n| Wisdom | `INPUT[slider(minValue(-1), maxValue(1), addLabels):axes.wisdom]` | `VIEW[{axes.wisdom}]` |\n",
			want: []string{`<input type="range" min="-1" max="1" step="1" value="0.5" disabled`, `aria-label="axes.wisdom">0.5</span>`}, not: []string{"<code>"}},
		{name: "another note's property", opts: on, src: "Name: `INPUT[text:Other#name]`\n",
			want: []string{"<code>INPUT[text:Other#name]</code>"}, prob: []string{`1:7: a Meta Bind field is shown as code: bind target "Other#name"`}},
		{name: "a field that does not read", opts: on, src: "`INPUT[…]`\n",
			want: []string{"<code>INPUT[…]</code>"}, prob: []string{"1:1: a Meta Bind field that does not read"}},
		{name: "without the plugin", opts: off, src: "`INPUT[toggle:done]`\n",
			want: []string{"<code>INPUT[toggle:done]</code>"}, prob: []string{"1:1: an inline INPUT field (the Meta Bind plugin's)"}},
		// "The second one is using a code block with meta-bind as the
		// language" (https://www.moritzjung.dev/obsidian-meta-bind-plugin-docs/guides/inputfields/),
		// the field over several lines as the plugin's own examples write it.
		{name: "a meta-bind block", opts: on, src: "Before.\n\n```meta-bind\nINPUT[textArea(\n  title(Notes),\n  class(meta-bind-full-width)\n):notes]\n```\n\n```meta-bind\nVIEW[{gold} * 10]\n```\n",
			want: []string{`<p class="mb-block"><span class="mb-field mb-value" aria-label="Notes">Met the *duke*.</span></p>`, `aria-label="{gold} * 10">120</span></p>`}, not: []string{"<code", "<pre"}},
		{name: "a meta-bind block not drawn", opts: on, src: "```meta-bind\nINPUT[toggle:Other#done]\n```\n",
			want: []string{"<pre><code class=\"language-meta-bind\">INPUT[toggle:Other#done]"}, prob: []string{`1:1: a Meta Bind field is shown as code: bind target "Other#done"`}},
		{name: "a meta-bind block without a field", opts: on, src: "```meta-bind\nhello\n```\n",
			want: []string{"<pre><code"}, prob: []string{"1:1: a ```meta-bind block that holds no INPUT"}},
		{name: "a meta-bind block without the plugin", opts: off, src: "```meta-bind\nINPUT[toggle:done]\n```\n",
			want: []string{"<pre><code"}, prob: []string{"1:1: a ```meta-bind block (the Meta Bind plugin's)"}},
		{name: "other code stays code", opts: on, src: "`INPUTS[x]` and `x = VIEW[y]`\n", want: []string{"<code>INPUTS[x]</code>", "<code>x = VIEW[y]</code>"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var problems []string
			page := &Page{File: "note.md", Meta: meta, Report: func(p Problem) {
				problems = append(problems, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg))
			}}
			html, _, err := New(tc.opts).Convert([]byte(tc.src), page)
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
				if !slicesContains(problems, p) {
					t.Errorf("problem %q not in %q", p, problems)
				}
			}
			if len(problems) != len(tc.prob) { // one warning a field, none twice
				t.Errorf("problems %q, want %d", problems, len(tc.prob))
			}
		})
	}
}

func slicesContains(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// TestMetaBindHeadingText: a heading holding a Meta Bind field is listed
// in the table of contents, and named in a link's preview, by the text the
// field draws, not by its code: the plugin draws its fields where the
// note is read, so the heading a reader sees holds the value. A field that
// draws no text (a toggle, a slider) is named by its own text, the text
// Obsidian's outline, which does not run the plugin, shows. A field left
// as code keeps its code's text.
func TestMetaBindHeadingText(t *testing.T) {
	opts := Options{Obsidian: true, Dialects: Dialects{MetaBind: true}}
	meta := map[string]any{"hp": 12, "max": 20, "name": "Ser *Kay*"}
	for _, tc := range []struct {
		src, want string
	}{
		{"## HP `VIEW[{hp}]` of `VIEW[{max}]`\n", "HP 12 of 20"},
		{"## Sum `VIEW[{hp} + {max} * 2]`\n", "Sum 52"},
		{"## Who: `INPUT[text:name]`\n", "Who: Ser *Kay*"},
		{"## Done `INPUT[toggle:done]`\n", "Done INPUT[toggle:done]"},
		{"## Elsewhere `VIEW[{Other#hp}]`\n", "Elsewhere VIEW[{Other#hp}]"},
		// Myster-Ts-RPGs/Thellade-World: `"VIEW[{pronounced}]"` in a heading of a note that leaves it empty.
		{"## Halra \"`VIEW[{pronounced}]`\"\n", "Halra “”"}, // an empty value, quoted by the typographer
	} {
		t.Run(tc.want, func(t *testing.T) {
			page := &Page{File: "note.md", Meta: meta, Report: func(Problem) {}}
			m := New(opts)
			doc, res := m.Parse([]byte(tc.src), page)
			if len(res.TOC) != 1 || res.TOC[0].Title != tc.want {
				var got []string
				for _, it := range res.TOC {
					got = append(got, it.Title)
				}
				t.Errorf("TOC %q, want [%q]", got, tc.want)
			}
			h := doc.FirstChild()
			if h == nil || h.Kind().String() != "Heading" {
				t.Fatalf("no heading first in %s", tc.src)
			}
			if got := PlainText(h, []byte(tc.src)); got != tc.want {
				t.Errorf("PlainText (a preview's heading) = %q, want %q", got, tc.want)
			}
		})
	}
}
