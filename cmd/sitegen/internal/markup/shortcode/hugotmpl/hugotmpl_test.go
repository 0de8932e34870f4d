package hugotmpl

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
)

func markdown(src string) (string, error) {
	var b bytes.Buffer
	err := goldmark.New().Convert([]byte(src), &b)
	return b.String(), err
}

// segment is Hugo's URL segment of a name as package layout/hugo makes
// it (lower case, spaces a hyphen, letters of any script kept), written
// out for these tests' inputs.
func segment(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == ':' || r == '&' || r == '\'':
		default:
			b.WriteRune(r)
		}
	}
	return strings.ReplaceAll(b.String(), "--", "-")
}

// The templates and expected outputs below are those of a Hugo 0.111.3
// build (Debian's hugo, `hugo -d out` of the fixture in
// /work/notes/hugo8-bench.md): "Shortcode templates ... .Get, .Inner,
// .Params, .Page, .Site" (https://gohugo.io/templates/shortcode-templates/).
func TestRunAsHugo(t *testing.T) {
	set := New(Config{
		Shortcodes: map[string]string{
			"skill": `{{ $id := printf "skill-%s" (replace (lower (.Get "name")) " " "-") }}
<div class="card" id="{{ $id }}"><h5>{{ .Get "name" }}</h5>
{{ $meta := slice }}{{ if .Get "type" }}{{ $meta = $meta | append (dict "label" "Type" "value" (.Get "type")) }}{{ end }}
{{ range $i, $m := $meta }}<span>{{ $m.label }}: {{ $m.value }}</span>{{ end }}
{{ $levels := trim (string .Inner) " \n" }}{{ if gt (len $levels) 0 }}<div class="levels">{{ .Inner | .Page.RenderString }}</div>{{ end }}
</div>`,
			"names": `<p>u={{ .Get 0 | urlize }} a={{ .Get 0 | anchorize }} h={{ .Get 0 | humanize }} t={{ .Get 0 | title }} m={{ .Get 1 | markdownify }} site={{ .Site.Params.color }} page={{ .Page.Title }} n={{ len .Params }}</p>`,
			"box":   `<div class="box" id="{{ .Get "id" | anchorize }}">{{ partial "inner.html" (dict "text" .Inner) }}</div>`,
			"link":  `<a href="{{ relref .Page (.Get 0) }}">{{ .Get 1 }}</a>`,
			"md":    `**{{ .Get 0 }}** and {{ .Inner }}`,
		},
		Partials:   map[string]string{"inner.html": "<section>{{ .text }}</section>"},
		SiteParams: map[string]any{"color": "red"},
		Segment:    segment,
		Markdown:   markdown,
	})
	page := PageInfo{Title: "The Page"}
	for _, tc := range []struct {
		call Call
		want string
	}{
		{Call{Name: "skill", Named: map[string]string{"name": "Fire Ball", "type": "Magic"}, Inner: "\n- Lv 1: *burn*\n", HasInner: true},
			"\n<div class=\"card\" id=\"skill-fire-ball\"><h5>Fire Ball</h5>\n\n<span>Type: Magic</span>\n<div class=\"levels\"><ul>\n<li>Lv 1: <em>burn</em></li>\n</ul>\n</div>\n</div>"},
		{Call{Name: "names", Pos: []string{"Hugo: A Fast & Flexible Générateur d'été", "some *em* text"}},
			"<p>u=hugo-a-fast-flexible-g%C3%A9n%C3%A9rateur-d%C3%A9t%C3%A9 a=hugo-a-fast--flexible-générateur-dété h=Hugo a fast &amp; flexible générateur d&#39;été t=Hugo: A Fast &amp; Flexible Générateur D&#39;été m=some <em>em</em> text site=red page=The Page n=2</p>"},
		{Call{Name: "box", Named: map[string]string{"id": "My Box 2"}, Inner: "inner <b>x</b>", HasInner: true},
			`<div class="box" id="my-box-2"><section>inner <b>x</b></section></div>`},
		// Hugo writes /other/#target-here; sitegen a mark its caller
		// resolves and checks as a ref (RefMarks; here REF(…)).
		{Call{Name: "link", Pos: []string{"other.md#target-here", "to other"}}, `<a href="REF(other.md#target-here)">to other</a>`},
		// {{% md %}}: its output is Markdown, rendered by the caller.
		{Call{Name: "md", Pos: []string{"Bold"}, Inner: "an _inner_ text", HasInner: true, MarkdownOutput: true}, "**Bold** and an _inner_ text"},
	} {
		tc.call.Page = page
		got, err := set.Run(tc.call)
		if err != nil {
			t.Errorf("%s: %v", tc.call.Name, err)
			continue
		}
		got = RefMarks(got, func(p string) string { return "REF(" + p + ")" })
		if got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.call.Name, got, tc.want)
		}
	}
}

// A template that uses a function, field or partial sitegen lacks is not
// run: the error names it.
func TestRunMissing(t *testing.T) {
	set := New(Config{Shortcodes: map[string]string{
		"fn":      `{{ .Get 0 | jsonify }}`,
		"field":   `{{ .Page.Scratch.Get "x" }}`,
		"partial": `{{ partial "nowhere" . }}`,
	}})
	for name, want := range map[string]string{"fn": "the function jsonify", "field": ".Scratch", "partial": `the partial "nowhere"`} {
		_, err := set.Run(Call{Name: name, Pos: []string{"x"}})
		var m *Missing
		if !errors.As(err, &m) || !strings.Contains(m.What, want) {
			t.Errorf("%s: got %v, want a Missing naming %s", name, err, want)
		}
	}
}

// Every run is bounded: loops, seq, output, partials, nesting; Hugo 0.111
// refuses a range over a number ("range can't iterate over 5").
func TestRunBounded(t *testing.T) {
	set := New(Config{
		Shortcodes: map[string]string{
			"int":       `{{ range 1000000000 }}{{ end }}`,
			"nested":    `{{ $s := seq 1000 }}{{ range $s }}{{ range $s }}{{ range $s }}{{ end }}{{ end }}{{ end }}`,
			"big":       `{{ range seq 100000000 }}x{{ end }}`,
			"output":    `{{ $s := seq 1000 }}{{ range $s }}{{ range $s }}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{{ end }}{{ end }}`,
			"recurse":   `{{ partial "self.html" . }}`,
			"mul":       `{{ range seq (mul 100000 100000) }}{{ end }}`,
			"printf":    `{{ printf "%999999999d" 1 }}`,
			"star":      `{{ printf "%*d" 999999999 1 }}`,
			"replace":   `{{ $s := "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }}{{ $s = replace $s "x" $s }}{{ $s = replace $s "x" $s }}{{ $s = replace $s "x" $s }}{{ len $s }}`,
			"replaceRE": `{{ $s := "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }}{{ $s = replaceRE "" $s $s }}{{ $s = replaceRE "" $s $s }}{{ $s = replaceRE "" $s $s }}{{ len $s }}`,
			"append":    `{{ $s := slice }}{{ range seq 5000 }}{{ $s = $s | append 1 }}{{ end }}{{ len $s }}`,
		},
		Partials: map[string]string{"self.html": `{{ partial "self.html" . }}`},
	})
	for _, name := range []string{"int", "nested", "big", "output", "recurse", "mul", "printf", "star", "index", "define", "define2", "replace", "replaceRE", "append"} {
		start := time.Now()
		_, err := set.Run(Call{Name: name})
		if err == nil {
			t.Errorf("%s: ran without error", name)
		}
		if d := time.Since(start); d > 3*maxTime {
			t.Errorf("%s: ran %s", name, d)
		}
	}
	set = New(Config{Shortcodes: map[string]string{"n": `{{ .Inner }}`}})
	c := Call{Name: "n", Inner: "{{< n >}}", HasInner: true}
	c.Nested = func(src string, depth int) (string, error) {
		d := c
		d.depth = depth
		return set.Run(d)
	}
	if _, err := set.Run(c); err == nil {
		t.Error("a shortcode nested in itself without end ran")
	}
}

// Hugo's built-in shortcodes the site has no template of
// (https://gohugo.io/content-management/shortcodes/#embedded-shortcodes):
// param ("the value of the given page parameter, else the site
// parameter"; Hugo 0.111.3 measured: {{< param color >}} is the site's
// "red", {{< param "title" >}} the page's title), highlight (a fenced block
// of its code, as Markdown), youtube and gist (a link standing in for the
// player or script sitegen does not publish); a site's own template of a
// built-in's name is run instead.
func TestRunBuiltins(t *testing.T) {
	set := New(Config{SiteParams: map[string]any{"color": "red"}})
	page := PageInfo{Title: "The Page", Params: map[string]any{"title": "The Page", "level": 3}}
	for _, tc := range []struct {
		call Call
		want string
		md   bool
	}{
		{Call{Name: "param", Pos: []string{"color"}}, "red", false},
		{Call{Name: "param", Pos: []string{"title"}}, "The Page", false},
		{Call{Name: "param", Pos: []string{"level"}}, "3", false},
		{Call{Name: "highlight", Pos: []string{"go"}, Inner: "\n  x := \"<a>\"\n", HasInner: true}, "````go\nx := \"<a>\"\n````\n", true},
		{Call{Name: "youtube", Pos: []string{"w7Ft2ymGmfc"}}, `<a class="embed-link" href="https://www.youtube.com/watch?v=w7Ft2ymGmfc">YouTube video w7Ft2ymGmfc</a>`, false},
		{Call{Name: "gist", Pos: []string{"spf13", "7896402"}}, `<a class="embed-link" href="https://gist.github.com/spf13/7896402">Gist spf13/7896402</a>`, false},
	} {
		tc.call.Page = page
		got, err := set.Run(tc.call)
		if err != nil || got != tc.want {
			t.Errorf("%s %v: got %q (%v), want %q", tc.call.Name, tc.call.Pos, got, err, tc.want)
		}
		if set.MarkdownOutput(tc.call.Name) != tc.md {
			t.Errorf("%s: MarkdownOutput %v", tc.call.Name, !tc.md)
		}
	}
	own := New(Config{Shortcodes: map[string]string{"youtube": `<b>{{ .Get 0 }}</b>`}})
	if got, err := own.Run(Call{Name: "youtube", Pos: []string{"x"}}); err != nil || got != "<b>x</b>" {
		t.Errorf("the site's youtube: %q (%v)", got, err)
	}
}

// TestTranslate runs the i18n function and its alias T as hugo 0.111
// ran this template with i18n/en.toml (readMore, hello, [home] other,
// [minutes] one and other) and the theme's i18n/en.toml (themeOnly):
// "lang.Translate KEY [CONTEXT]", "Aliases T i18n", and a key no table
// has "returns an empty string" (https://gohugo.io/functions/lang/translate/).
func TestTranslate(t *testing.T) {
	set := New(Config{
		Shortcodes: map[string]string{
			"words": `<p>[{{ i18n "readMore" }}][{{ T "home" }}][{{ i18n "themeOnly" }}][{{ i18n "missing" }}][{{ i18n "minutes" 1 }}][{{ i18n "minutes" 3 }}][{{ T "hello" (dict "Name" "Ann & Bo") }}][{{ i18n "minutes" }}]</p>`,
			"bad":   `{{ i18n "broken" }}`,
		},
		Words: map[string]any{
			"readMore": "Read on", "hello": "Hi {{ .Name }}", "themeOnly": "From theme",
			"home":    map[string]any{"other": "Start"},
			"minutes": map[string]any{"one": "{{ .Count }} minute", "other": "{{ .Count }} minutes"},
			"broken":  "{{ .Count",
		},
		Segment: segment, Markdown: markdown,
	})
	got, err := set.Run(Call{Name: "words"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `<p>[Read on][Start][From theme][][1 minute][3 minutes][Hi Ann &amp; Bo][&lt;no value&gt; minutes]</p>`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := set.Run(Call{Name: "bad"}); err == nil || !strings.Contains(err.Error(), `i18n "broken"`) {
		t.Errorf("a translation that does not parse: err %v", err)
	}
	// "lang.Translate KEY [CONTEXT]", "Alias: i18n, T"
	// (https://gohugo.io/functions/lang/translate/): the function, in
	// each of its names, wherever sitegen runs the site's templates: a
	// shortcode and the partials it calls.
	inPartial := New(Config{
		Shortcodes: map[string]string{"w": `[{{ partial "words.html" . }}][{{ lang.Translate "minutes" 2 }}]`},
		Partials:   map[string]string{"words.html": `{{ T "readMore" }}/{{ lang.Translate "home" }}/{{ i18n "minutes" 1 }}`},
		Words: map[string]any{"readMore": "Read on", "home": map[string]any{"other": "Start"},
			"minutes": map[string]any{"one": "{{ .Count }} minute", "other": "{{ .Count }} minutes"}},
		Segment: segment, Markdown: markdown,
	})
	if got, err := inPartial.Run(Call{Name: "w"}); err != nil || got != "[Read on/Start/1 minute][2 minutes]" {
		t.Errorf("in a partial, lang.Translate: %q, %v", got, err)
	}
	none := New(Config{Shortcodes: map[string]string{"w": `[{{ i18n "x" }}]`}, Segment: segment})
	if got, err := none.Run(Call{Name: "w"}); err != nil || got != "[]" {
		t.Errorf("no tables: %q, %v", got, err)
	}
}

// TestTranslatePlural: Hugo's translations are go-i18n's, whose plural
// forms are CLDR's for the table's language ("zero, one, two, few, many,
// other", https://gohugo.io/functions/lang/translate/#pluralization; the
// rules: https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html),
// a form the table lacks read as "other". Measured with hugo 0.111 (one
// table per language, a shortcode-free layout writing i18n "n" N):
// en 0 1 2 = other one other, 1.0 other ("1.0" has a visible fraction
// digit); fr 0 1 1.5 = one one one, 1000000 other; ru 1 2 5 11 21 22 =
// one few many many one few; ja 1 = other; pl 2 = other (no "few" in
// its table), "1" (a text) = one.
func TestTranslatePlural(t *testing.T) {
	forms := map[string]any{"one": "one", "few": "few", "many": "many", "other": "other"}
	for _, tt := range []struct {
		lang string
		n    string // the count, as a template literal
		want string
	}{
		{"en", "0", "other"}, {"en", "1", "one"}, {"en", "2", "other"}, {"en", "1.0", "other"}, {"en", `"1"`, "one"},
		{"", "1", "one"}, {"en-gb", "1", "one"},
		{"fr", "0", "one"}, {"fr", "1", "one"}, {"fr", "1.5", "one"}, {"fr", "2", "other"}, {"fr", "1000000", "other"},
		{"ru", "1", "one"}, {"ru", "2", "few"}, {"ru", "5", "many"}, {"ru", "11", "many"}, {"ru", "21", "one"}, {"ru", "22", "few"}, {"ru", "1.5", "other"},
		{"ja", "1", "other"}, {"ja", "0", "other"},
		{"pl", "2", "other"}, {"pl", "5", "many"}, {"pl", "1", "one"},
		{"not a language!", "1", "one"},
		{"en", `"many"`, "other"},
	} {
		t.Run(tt.lang+" "+tt.n, func(t *testing.T) {
			w := forms
			if tt.lang == "pl" {
				w = map[string]any{"one": "one", "many": "many", "other": "other"}
			}
			set := New(Config{
				Shortcodes: map[string]string{"w": `{{ i18n "n" ` + tt.n + ` }}`},
				Words:      map[string]any{"n": w}, WordsLanguage: tt.lang, Segment: segment,
			})
			got, err := set.Run(Call{Name: "w"})
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("%s %s: %s, want %s", tt.lang, tt.n, got, tt.want)
			}
		})
	}
}
