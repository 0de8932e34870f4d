package rawhtml

import (
	"slices"
	"testing"
)

func TestSanitize(t *testing.T) {
	z := New()
	tests := []struct {
		name, in, want string
		removed        []string
	}{
		{"details kept", `<details open><summary id="s1">More</summary>Text</details>`, `<details open=""><summary id="s1">More</summary>Text</details>`, nil},
		{"text-level kept", `x<sup>2</sup> H<sub>2</sub>O <kbd>Ctrl</kbd><br>`, `x<sup>2</sup> H<sub>2</sub>O <kbd>Ctrl</kbd><br>`, nil},
		{"span and div with id and class", `<div class="box" id="b"><span class="x" id="y">t</span></div>`, `<div class="box" id="b"><span class="x" id="y">t</span></div>`, nil},
		{"table kept", `<table><tr><th colspan="2">A</th></tr><tr><td>1</td></tr></table>`, `<table><tr><th colspan="2">A</th></tr><tr><td>1</td></tr></table>`, nil},
		{"img with a relative src", `<img src="map.png" alt="Map" width="300">`, `<img src="map.png" alt="Map" width="300">`, nil},
		{"script goes with its content", `a<script>alert(1)</script>b`, `ab`, []string{"<script>"}},
		{"event handler", `<span onclick="x()">t</span>`, `<span>t</span>`, []string{"onclick on <span>"}},
		// Every tool sitegen reads publishes an inline style as written
		// (Zola and mdBook pass raw HTML through; kramdown, MkDocs and
		// Docusaurus too): presentational properties are kept, each
		// value checked by bluemonday's CSS handlers (eval13A NA7:
		// Mods-Site's centred paragraphs, game_docs' image sizes).
		{"a presentational style", `<div style="color:red">t</div>`, `<div style="color: red">t</div>`, nil},
		{"image size and centring", `<p style="text-align: center"><img src="m.png" style="width: 50%; max-width: 300px; float: right"></p>`,
			`<p style="text-align: center"><img src="m.png" style="width: 50%; max-width: 300px; float: right"></p>`, nil},
		{"flex columns", `<div style="display: flex; justify-content: space-between; gap: 1rem">t</div>`,
			`<div style="display: flex; justify-content: space-between; gap: 1rem">t</div>`, nil},
		// What could cover the page's own frame or load a URL goes, by
		// name: positioning, stacking, transforms, and every property
		// that takes a url().
		{"positioning goes", `<p style="text-align:center; position: fixed; top: 0; z-index: 9">t</p>`,
			`<p style="text-align: center">t</p>`, []string{"position in style on <p>", "top in style on <p>", "z-index in style on <p>"}},
		{"a url goes", `<div style="background-image: url(https://tracker.test/p.gif)">t</div>`, `<div>t</div>`, []string{"background-image in style on <div>"}},
		{"a value a handler refuses", `<span style="color: expression(alert(1))">t</span>`, `<span>t</span>`, []string{"color in style on <span>"}},
		{"style element", `<style>p{}</style>t`, `t`, []string{"<style>"}},
		{"javascript URL", `<a href="javascript:alert(1)">x</a>`, `x`, []string{`href="javascript:alert(1)" on <a>`}},
		{"data URL image", `<img src="data:image/png;base64,AAAA">`, ``, []string{`src="data:image/png;base64,AAAA" on <img>`}},
		{"iframe", `<iframe src="https://x.test/"></iframe>`, ``, []string{"<iframe>"}},
		{"comment goes silently", `<!-- editor note -->`, ``, nil},
		{"a lone closing tag", `</span>`, `</span>`, nil},
		// A progress bar runs nothing: "The progress element represents
		// the completion progress of a task" with value and max
		// (https://html.spec.whatwg.org/multipage/form-elements.html#the-progress-element),
		// as meter shows a measurement. SheathedBlade/The-World-of-Luciradis
		// (Quartz, which passes raw HTML through) draws a character's
		// skill tracks with 129 of them (content/Characters/Altair Illustros.md:23).
		{"progress and meter", `<progress value="5" max="100"></progress><meter value="0.6" min="0" max="1" low="0.2" high="0.8" optimum="0.5">60%</meter>`,
			`<progress value="5" max="100"></progress><meter value="0.6" min="0" max="1" low="0.2" high="0.8" optimum="0.5">60%</meter>`, nil},
		{"align, as GitHub keeps it", `<p align="center"><img src="logo.png" align="right"></p><h1 align="center">T</h1>`, `<p align="center"><img src="logo.png" align="right"></p><h1 align="center">T</h1>`, nil},
		// A browser percent-encodes a space of a URL ("The query
		// percent-encode set is the C0 control percent-encode set and
		// U+0020 SPACE, U+0022 ("), U+0023 (#), U+003C (<), and U+003E
		// (>)", and the path percent-encode set holds it,
		// https://url.spec.whatwg.org/#path-percent-encode-set): the
		// picture is shown, as on GitHub (eval4A HA10).
		{"a space in a URL", `<img src="../images/quad types.svg" alt="a b"> <a href=" x y.md ">l</a>`, `<img src="../images/quad%20types.svg" alt="a b"> <a href="x%20y.md">l</a>`, nil},
		{"align with another value", `<div align="x;y">t</div>`, `<div>t</div>`, []string{"align on <div>"}},
		// An anchor named for a link's fragment, as pages written before
		// ids were everywhere mark a place ("If there is an a element in
		// the document tree whose root is document that has a name
		// attribute whose value is equal to fragment, then return the first
		// such element", https://html.spec.whatwg.org/multipage/browsing-the-web.html#find-a-potential-indicated-element):
		// kept, as an id is (eval11A, the Anomaly Modding Book's mcm.md).
		{"a named anchor", `<a name="adding_mcm_functionality"></a> Adding`, `<a name="adding_mcm_functionality"></a> Adding`, nil},
		{"a name with a space", `<a name="a b"></a>x`, `x`, []string{"<a>"}},
		// What a Jekyll layout writes and Jekyll publishes as written
		// (kramdown passes HTML through, https://kramdown.gettalong.org/syntax.html#html-blocks),
		// kept where it runs nothing and loads only what an image may
		// (eval12B NB3, LarsGast/DnD-Wiki: minima's post layout): the
		// sectioning elements, "The time element represents its
		// contents, along with a machine-readable form of those contents
		// in the datetime attribute"
		// (https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-time-element),
		// microdata's itemprop ("Every HTML element may have an itemprop
		// attribute specified", https://html.spec.whatwg.org/multipage/microdata.html#names:-the-itemprop-attribute),
		// ARIA's role and aria-* and the hidden attribute, and audio from a
		// URL an image may have.
		{"sectioning elements", `<article itemscope itemtype="http://schema.org/BlogPosting"><header class="post-header"><h1 itemprop="name headline">T</h1><time datetime="2024-01-02" itemprop="datePublished">Jan 2</time></header><section><nav aria-label="Pages"><a href="/a/">A</a></nav></section><aside role="note">n</aside><footer>f</footer></article>`,
			`<article itemscope="" itemtype="http://schema.org/BlogPosting"><header class="post-header"><h1 itemprop="name headline">T</h1><time datetime="2024-01-02" itemprop="datePublished">Jan 2</time></header><section><nav aria-label="Pages"><a href="/a/">A</a></nav></section><aside role="note">n</aside><footer>f</footer></article>`, nil},
		{"hidden and aria-hidden", `<a href="/x/" hidden>x</a><span aria-hidden="true">›</span>`, `<a href="/x/" hidden="">x</a><span aria-hidden="true">›</span>`, nil},
		{"audio from a relative URL", `<audio controls><source src="/assets/theme.mp3" type="audio/mpeg"></audio>`, `<audio controls=""><source src="/assets/theme.mp3" type="audio/mpeg"></audio>`, nil},
		{"audio from a javascript URL", `<audio src="javascript:x()"></audio>`, `<audio></audio>`, []string{`src="javascript:x()" on <audio>`}},
		// kramdown reads an element's markdown attribute as how to parse
		// its content (https://kramdown.gettalong.org/syntax.html#html-blocks)
		// and does not write it: Kramdown::Document.new(`<div class="qr"
		// markdown="1">…`).to_html is `<div class="qr">…` (measured, the
		// kramdown Jekyll 4.3 runs here; Python-Markdown's md_in_html
		// drops it too). It goes without a word (eval11C
		// carnevale-companion: 1,382 of its 1,423 warnings).
		{"kramdown's markdown attribute", `<div class="qr-item" markdown="1"><details markdown="block"><summary markdown="span">S</summary></details></div>`,
			`<div class="qr-item"><details><summary>S</summary></details></div>`, nil},
		{"a form still goes", `<textarea>t</textarea><button onclick="x()">b</button>`, `tb`, []string{"<textarea>", "<button>"}},
	}
	for _, tt := range tests {
		got, removed := z.Sanitize(tt.in)
		if got != tt.want || !slices.Equal(removed, tt.removed) {
			t.Errorf("%s: Sanitize(%q) = %q, %q; want %q, %q", tt.name, tt.in, got, removed, tt.want, tt.removed)
		}
	}
}

func TestIDs(t *testing.T) {
	got := IDs(`<details><summary id="a">x</summary></details> <span id='b'>y</span><div id="">z</div><a name="c"></a><span name="d">`)
	if !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("IDs = %q", got)
	}
}

// TestDemoteHeadings: headings go one level down, h6 stays, every other
// byte (case, attributes, comments, text) as written.
func TestDemoteHeadings(t *testing.T) {
	tests := []struct {
		in, want string
		h1       bool
	}{
		{`<h1>A</h1>`, `<h2>A</h2>`, true},
		{`<H1 id="x" class='y'>A <em>b</em></H1><h5>c</h5><h6>d</h6>`, `<H2 id="x" class='y'>A <em>b</em></H2><h6>c</h6><h6>d</h6>`, true},
		{`<!-- <h1>x</h1> --><p>h1 is a heading</p><hr><h10>`, `<!-- <h1>x</h1> --><p>h1 is a heading</p><hr><h10>`, false},
		{`<h2>B</h2>`, `<h3>B</h3>`, false},
	}
	for _, tt := range tests {
		if got := DemoteHeadings(tt.in); got != tt.want {
			t.Errorf("DemoteHeadings(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := HasH1(tt.in); got != tt.h1 {
			t.Errorf("HasH1(%q) = %v", tt.in, got)
		}
	}
}

// TestAllows: an attribute list's attribute (kramdown's {: style="…"},
// attr_list's { style="…" }) is kept on the rule raw HTML's is: a style
// whose every property the allowlist keeps, as written.
func TestAllows(t *testing.T) {
	z := New()
	for _, tt := range []struct {
		elem, key, val string
		want           bool
	}{
		{"a", "style", "color:red", true},
		{"img", "style", "width: 50%; float: right", true},
		{"a", "style", "color:red; position: fixed", false},
		{"a", "style", "x", false},
		{"a", "onclick", "x()", false},
		{"img", "width", "10", true},
		{"a", "target", "_blank", true},
	} {
		if got := z.Allows(tt.elem, tt.key, tt.val); got != tt.want {
			t.Errorf("Allows(%q, %q, %q) = %v, want %v", tt.elem, tt.key, tt.val, got, tt.want)
		}
	}
}

// TestRemovedFrom: each kind of removal Sanitize writes reads back as its
// element and attribute (a Jekyll layout's warning finds its line so).
func TestRemovedFrom(t *testing.T) {
	z := New()
	for _, tt := range []struct{ in, elem, attr string }{
		{`<script>x()</script>`, "script", ""},
		{`<span onclick="x()">t</span>`, "span", "onclick"},
		{`<a href="javascript:x()">t</a>`, "a", "href"},
		{`<p style="position: fixed">t</p>`, "p", "style"},
	} {
		_, removed := z.Sanitize(tt.in)
		if len(removed) != 1 {
			t.Fatalf("Sanitize(%q) removed %q", tt.in, removed)
		}
		elem, attr, ok := RemovedFrom(removed[0])
		if !ok || elem != tt.elem || attr != tt.attr {
			t.Errorf("RemovedFrom(%q) = %q, %q, %v; want %q, %q", removed[0], elem, attr, ok, tt.elem, tt.attr)
		}
	}
	if _, _, ok := RemovedFrom("not a removal"); ok {
		t.Error("RemovedFrom reads text Sanitize does not write")
	}
}
