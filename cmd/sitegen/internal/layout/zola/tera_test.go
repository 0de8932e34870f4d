package zola

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// TestTeraShortcodes checks the Tera that shortcode templates run: for,
// set, set_global, load_data and filters with arguments, each as Tera's
// and Zola's documentation describe it (quoted by each row), and the
// warning, at the template's file:line, for what sitegen does not run.
func TestTeraShortcodes(t *testing.T) {
	files := map[string]string{
		// Tera, "For": "{% for product in products %} {{loop.index}}.
		// {{product.name}} {% endfor %}"; "loop.index: current iteration
		// 1-indexed; loop.index0 ...; loop.first ...; loop.last";
		// "{% for key, value in products %}"; "you can set a default body
		// to be rendered when the container is empty: {% else %}".
		"templates/shortcodes/list.html":  "<ul>{% for x in items %}<li>{{ loop.index }}{% if loop.first %}F{% endif %}{% if loop.last %}L{% endif %} {{ x }}</li>{% else %}<li>none</li>{% endfor %}</ul>",
		"templates/shortcodes/pairs.html": "{% for k, v in load_data(path=\"data/stats.toml\") %}{{ k }}={{ v }};{% endfor %}",
		"templates/shortcodes/brk.html":   "{% for x in items %}{% if x == 3 %}{% break %}{% endif %}{% if x is even %}{% continue %}{% endif %}{{ x }}{% endfor %}",
		// Tera, "Assignments": "assignments in for loop are valid until
		// the end of the current iteration only ... If you want to assign
		// a value in the global context while in a for loop, you can use
		// set_global".
		"templates/shortcodes/sets.html": "{% set total = 0 %}{% set last = \"-\" %}{% for n in items %}{% set last = n %}{% set_global total = total + n %}{% endfor %}{{ total }} {{ last }}",
		// Zola, load_data: "{% set data = load_data(path=\"content/blog/story/data.toml\") %}";
		// csv "separated into a data structure containing headers and records".
		"templates/shortcodes/toml.html": "{% set d = load_data(path=\"data/stats.toml\") %}{{ d.title }}: {{ d.str }}/{{ d.dex }}",
		"templates/shortcodes/json.html": "{% set d = load_data(path=\"@/spells.json\") %}{% for s in d.spells %}{{ s.name }}({{ s.level }}) {% endfor %}",
		"templates/shortcodes/csv.html":  "{% set d = load_data(path=\"/data/table.csv\") %}{{ d.headers | join(sep=\"|\") }}{% for r in d.records %} {{ r[0] }}:{{ r[1] }}{% endfor %}",
		"templates/shortcodes/yaml.html": "{% set d = load_data(path=\"data/npc.yaml\") %}{{ d.name }} {{ d.tags | join(sep=\", \") }}",
		"templates/shortcodes/svg.html":  "<span>{% set icon = load_data(path=\"icon/note.svg\") %}{{ icon | safe }}</span>",
		"templates/shortcodes/out.html":  "\n\n{% set d = load_data(path=\"../../secret.toml\") %}{{ d }}",
		"templates/shortcodes/gone.html": "{% set d = load_data(path=\"data/none.toml\") %}{{ d }}",
		"templates/shortcodes/opt.html":  "{% set d = load_data(path=\"data/none.toml\", required=false) %}{% if d %}yes{% else %}none{% endif %}",
		// Zola, markdown: "To disable this behaviour, you can pass true to
		// the inline argument: {{ some_text | markdown(inline=true) }}"
		// (leotsarev/return-rpg's charblock, in short).
		"templates/shortcodes/charblock.html": "<p class=\"cb\"><b>{{ name }}</b> {{ body | markdown(inline=true) | safe }}</p>",
		// Tera's filters: "default ... {{ value | default(value=1) }}";
		// "replace ... {{ name | replace(from=\"Robert\", to=\"Bob\")}}";
		// "truncate ... {{ value | truncate(length=10) }} ... add an
		// ellipsis"; "join ... {{ value | join(sep=\" // \") }}"; "date
		// ... {{ ts | date(format=\"%Y-%m-%d %H:%M\") }}" (a value
		// escaped as Tera's escape_html escapes "/": &#x2F;).
		"templates/shortcodes/filters.html": "{{ a | default(value=\"none\") }}|{{ b | replace(from=\"Robert\", to=\"Bob\") }}|{{ c | truncate(length=5) }}|{{ c | truncate(length=5, end=\"\") }}|{{ l | join(sep=\" // \") }}|{{ d | date(format=\"%d %B %Y\") }}|{{ 1648252203 | date }}",
		// Ben-Website's rolltable, in short: an array argument, length,
		// slugify, ~, nth, and a Markdown cell.
		"templates/shortcodes/rolltable.html": "{% set id = \"t-\" ~ name | slugify ~ \"-\" ~ nth %}<table id=\"{{ id }}\" data-die=\"{{ results | length }}\">{% for r in results %}\n<tr><td>{{ loop.index }}</td><td>{{ r | markdown | safe }}</td></tr>{% endfor %}\n</table>",
		"templates/shortcodes/forever.html":   "{% for i in range(end=1000) %}{% for j in range(end=1000) %}x{% endfor %}{% endfor %}",
		"templates/shortcodes/macro.html":     "a\n{{ now() }}",
		"templates/shortcodes/page.html":      "{{ page.title }}",
		// Zola: shortcodes "will also get either a page or section
		// variable ... A useful attribute to page in shortcodes is
		// colocated_path ... Mostly useful when combined with load_data"
		// (eugenesvk/kbdHelix's include_file_coloc, in short).
		// Tera, slice: "{% for i in my_arr | slice(end=-2) %} will produce
		// ... for my_array = [1, 2, 3, 4, 5]: [1, 2, 3]" (Ben-Website's
		// rollfile: page.relative_path | split(pat="/") | slice(end=-1)).
		"templates/shortcodes/slice.html": "{{ a | slice(end=-2) | join(sep=\",\") }} {{ a | slice(start=1, end=3) | join(sep=\",\") }} {{ a | slice(start=-1) | join(sep=\",\") }} {{ page.relative_path | split(pat=\"/\") | slice(end=-1) | join(sep=\"+\") }}",
		// Tera, json_encode: "Transforms any value into a JSON
		// representation ... {{ value | json_encode() | safe }}".
		"templates/shortcodes/json_enc.html": "<td data-on='{{ on | json_encode | safe }}'>{{ on | json_encode }}</td>",
		"templates/shortcodes/extra.html":    "{% if page.extra.wide %}wide{% endif %}",
		"templates/shortcodes/where.html":    "{% set d = load_data(path=\"content/\" ~ page.colocated_path ~ \"spell.toml\") %}{{ page.relative_path | safe }} {{ page.colocated_path | safe }} {{ d.name }}",
		"content/rules/magic/spell.toml":     "name = \"Sparks\"\n",
		// Zola, get_url: "This can also be used to get the permalink for a
		// static file ... get_url(path=\"css/app.css\") ... By default,
		// the link will not have a trailing slash" (ramblinrocketclub/
		// website's image shortcode, in short).
		"templates/shortcodes/image.html": "{% set url = get_url(path=path) %}<img src=\"{{ url | safe }}\" alt=\"{{ desc }}\"/>",
		"templates/shortcodes/link.html":  "{{ get_url(path=\"@/rules/_index.md\") }}",
		"data/stats.toml":                 "title = \"Orc\"\nstr = 16\ndex = 12\n",
		"content/spells.json":             `{"spells": [{"name": "Light", "level": 0}, {"name": "Sleep", "level": 1}]}`,
		"data/table.csv":                  "Roll,Result\n1,Rats\n2,Bats\n",
		"data/npc.yaml":                   "name: Mara\ntags: [smith, spy]\n",
		"static/icon/note.svg":            "<svg><path d=\"M0\"/></svg>",
	}
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	for _, tt := range []struct {
		name, src, want string
		warn            string // a warning's words, "" for none
		warnLine        int
	}{
		{"for over an array argument, loop.index/first/last", "{{ list(items=[\"a\", \"b\", \"c\"]) }}\n", "<ul><li>1F a</li><li>2 b</li><li>3L c</li></ul>\n", "", 0},
		{"for: the else of an empty array", "{{ list(items=[]) }}\n", "<ul><li>none</li></ul>\n", "", 0},
		{"for over a loaded TOML table: the file's order (Zola's Tera has preserve_order)", "{{ pairs() }}\n", "title=Orc;str=16;dex=12;\n", "", 0},
		{"break and continue", "{{ brk(items=[1, 2, 5, 3, 7]) }}\n", "15\n", "", 0},
		{"set in a loop, set_global", "{{ sets(items=[1, 2, 3]) }}\n", "6 -\n", "", 0},
		{"load_data toml", "{{ toml() }}\n", "Orc: 16/12\n", "", 0},
		{"load_data json from @/", "{{ json() }}\n", "Light(0) Sleep(1) \n", "", 0},
		{"load_data csv: headers and records", "{{ csv() }}\n", "Roll|Result 1:Rats 2:Bats\n", "", 0},
		{"load_data yaml", "{{ yaml() }}\n", "Mara smith, spy\n", "", 0},
		{"load_data of a plain file found in static/", "{{ svg() }}\n", "<span><svg><path d=\"M0\"/></svg></span>\n", "", 0},
		{"load_data outside the site: refused at the template's line", "{{ out() }}\n", "\n", "templates/shortcodes/out.html:3 has load_data(path=\"../../secret.toml\"): a path outside the site", 1},
		{"load_data of a missing file", "{{ gone() }}\n", "\n", "templates/shortcodes/gone.html:1 has load_data(path=\"data/none.toml\"): no such file in the site", 1},
		{"load_data required=false: null", "{{ opt() }}\n", "none\n", "", 0},
		{"markdown(inline=true)", "{% charblock(name=\"Empress\") %}\nRules *the* [realm](x.md).\n{% end %}\n", "<p class=\"cb\"><b>Empress</b> Rules <em>the</em> <a href=\"x.md\">realm</a>.</p>\n", "", 0},
		{"filters with arguments", "{{ filters(b=\"Robert Smith\", c=\"Dragonborn\", l=[\"a\", \"b\"], d=\"2024-03-05\") }}\n", "none|Bob Smith|Drago…|Drago|a &#x2F;&#x2F; b|05 March 2024|2022-03-25\n", "", 0},
		{"rolltable: array, length, slugify, nth, a Markdown cell", "{{ rolltable(name=\"Wild Magic\", results=[\"*Fire*\", \"Ice\"]) }}\n{{ rolltable(name=\"B\", results=[\"x\"]) }}\n",
			"<table id=\"t-wild-magic-1\" data-die=\"2\">\n<tr><td>1</td><td>\n\n*Fire*\n\n</td></tr>\n<tr><td>2</td><td>\n\nIce\n\n</td></tr>\n</table>\n<table id=\"t-b-2\" data-die=\"1\">\n<tr><td>1</td><td>\n\nx\n\n</td></tr>\n</table>\n", "", 0},
		{"a loop bounded", "{{ forever() }}\n", "\n", "templates/shortcodes/forever.html:1 has loops of more than 100000 steps", 1},
		{"a function sitegen does not run", "{{ macro() }}\n", "\n", "templates/shortcodes/macro.html:2 has the function now()", 1},
		{"get_url of a static file", "{{ image(path=\"teams/hab/launch.jpg\", desc=\"Launch\") }}\n", "<img src=\"/teams/hab/launch.jpg\" alt=\"Launch\"/>\n", "", 0},
		{"get_url of a page: warned", "{{ link() }}\n", "\n", "templates/shortcodes/link.html:1 has get_url() of a page", 1},
		{"page.title, which sitegen does not give", "{{ page() }}\n", "\n", "templates/shortcodes/page.html:1 has page.title, which sitegen does not give shortcodes", 1},
		{"an if on page.extra: warned, not false", "{{ extra() }}\n", "\n", "templates/shortcodes/extra.html:1 has page.extra, which sitegen does not give shortcodes", 1},
		{"json_encode", "{{ json_enc(on=[1, \"a<b\"]) }}\n", "<td data-on='[1,\"a<b\"]'>[1,&quot;a&lt;b&quot;]</td>\n", "", 0},
		{"slice", "{{ slice(a=[1, 2, 3, 4, 5]) }}\n", "1,2,3 2,3 5 \n", "", 0},
		{"page.relative_path and colocated_path", "{{ where() }}\n", "rules/magic/index.md rules/magic/ Sparks\n", "", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := "content/a.md"
			if strings.HasPrefix(tt.name, "page.relative_path") {
				file = "content/rules/magic/index.md"
			}
			x := Expand(file, []byte(tt.src), read)
			if string(x.Src) != tt.want {
				t.Errorf("got %q, want %q", x.Src, tt.want)
			}
			var msgs []string
			for _, p := range x.Problems {
				msgs = append(msgs, fmt.Sprintf("%d: %s", p.Line, p.Msg))
			}
			if tt.warn == "" && len(msgs) > 0 || tt.warn != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], tt.warn) || x.Problems[0].Line != tt.warnLine) {
				t.Errorf("warnings %q, want one at line %d with %q", msgs, tt.warnLine, tt.warn)
			}
		})
	}
}

// FuzzTera runs arbitrary templates: an error or an output, never a panic
// or an unbounded run.
func FuzzTera(f *testing.F) {
	for _, s := range []string{
		"{% for x in items %}{{ loop.index }}{% endfor %}",
		"{% set a = [1, 2] | slice(end=-1) %}{{ a | join(sep=\",\") }}",
		"{% import \"m.html\" as m %}{{ m::x(a=1) }}{% include \"i.html\" ignore missing %}",
		"{% extends \"b.html\" %}{% block a %}{{ super() }}{% endblock a %}",
		"{% filter upper %}{{ items | sort | unique | join(sep=\",\") }}{% endfilter %}",
		"{% macro x(a=1) %}{{ self::x(a=a) }}{% endmacro %}",
		"{% if a is defined and not b %}{{ a | default(value=1) | truncate(length=2) }}{% elif c %}x{% else %}y{% endif %}",
		"{%- raw -%}{{ x }}{% endraw %}{# c #}{{ -1 + 2 * 3 / 4 % 5 ~ \"s\" }}",
		"{{ load_data(path=\"a.csv\") }}{{ range(end=3) }}{{ page.relative_path }}",
	} {
		f.Add(s)
	}
	read := func(string) ([]byte, error) { return []byte("a,b\n1,2\n"), nil }
	f.Fuzz(func(t *testing.T, tmpl string) {
		args := map[string]any{"items": []any{int64(1), "x"}, "a": "b"}
		_, _, _, _, _, _ = renderShortcode("templates/shortcodes/f.html", []byte(tmpl), false, args, "content/a.md", "body", true, read, &siteInfo{trans: map[string]map[string]string{"en": {"info": "Info"}}, defLang: "en"})
	})
}

// TestTeraTrans checks Zola's trans() in a shortcode, with the
// translations read from config.toml as Zola reads them (multilingual.md:
// "[languages.fr.translations] … translations for the default language
// are not prefixed by languages.code: [translations]"; overview.md:
// "trans(key="title", lang="fr")"), in the AOSC wiki's card shortcode
// form: trans(key=type, lang=lang).
func TestTeraTrans(t *testing.T) {
	var cfg map[string]any
	if _, err := toml.Decode("[translations]\ninfo = \"Info\"\n[languages.en.translations]\nwarning = \"Warning\"\ninfo = \"ignored\"\n[languages.zh.translations]\ninfo = \"信息\"\n", &cfg); err != nil {
		t.Fatal(err)
	}
	site := &siteInfo{trans: translations(cfg, "en"), defLang: "en", lang: func(f string) string {
		if strings.HasSuffix(f, ".zh.md") {
			return "zh"
		}
		return "en"
	}}
	read := func(f string) ([]byte, error) {
		if f == "templates/shortcodes/card.html" {
			return []byte(`<b>{{ trans(key=type, lang=lang) }}</b>{{ trans(key="info") }}`), nil
		}
		return nil, os.ErrNotExist
	}
	for _, tt := range []struct{ file, src, want, warn string }{
		{"content/a.md", "{{ card(type=\"info\") }}\n", "<b>Info</b>Info\n", ""},
		{"content/a.md", "{{ card(type=\"warning\") }}\n", "<b>Warning</b>Info\n", ""},
		{"content/a.zh.md", "{{ card(type=\"info\") }}\n", "<b>信息</b>Info\n", ""},
		{"content/a.zh.md", "{{ card(type=\"warning\") }}\n", "\n", `templates/shortcodes/card.html:1 has trans(key="warning", lang="zh"): config.toml has no such translation`},
	} {
		x := expandWith(tt.file, []byte(tt.src), read, site)
		if string(x.Src) != tt.want {
			t.Errorf("%s %s: got %q, want %q", tt.file, tt.src, x.Src, tt.want)
		}
		if tt.warn == "" && len(x.Problems) > 0 || tt.warn != "" && (len(x.Problems) != 1 || !strings.Contains(x.Problems[0].Msg, tt.warn)) {
			t.Errorf("%s %s: warnings %+v, want %q", tt.file, tt.src, x.Problems, tt.warn)
		}
	}
}

// TestTeraResizeImage checks Zola's resize_image() in a shortcode: sitegen
// does not resize, so the call gives the original image and a warning at
// the template's line, the page built. Zola's docs
// (https://www.getzola.org/documentation/content/image-processing/):
// "resize_image(path, width, height, op, format, quality)"; "path: path to
// the source image. The following directories will be searched, in this
// order: / (the root of the project; i.e. contains config.toml), /static,
// /content, /public, /themes/current-theme/static"; it returns "an object
// with the following schema: url, static_path, width, height,
// orig_width, orig_height". The URL is escaped as Tera escapes a value in
// an .html template ("/" as "&#x2F;"), which the browser reads as "/".
func TestTeraResizeImage(t *testing.T) {
	files := map[string]string{
		"templates/shortcodes/img.html": "{% set image = resize_image(path=path, width=240, op=\"fit_width\") %}\n<img src=\"{{ image.url }}\" width=\"{{ image.width }}\">",
		"static/maps/keep.png":          "png",
		"content/rules/dice.jpg":        "jpg",
		// "fit_width: Resizes the image such that the resulting width is
		// width and height is whatever will preserve the aspect ratio".
		"templates/shortcodes/fit.html": "{% set i = resize_image(path=path, width=240, op=\"fit_width\") %}{{ i.width }}x{{ i.height }} of {{ i.orig_width }}x{{ i.orig_height }}",
		"static/maps/real.png":          pngOf(t, 320, 200),
	}
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	for _, tt := range []struct{ src, want, warn string }{
		{"{{ img(path=\"maps/keep.png\") }}\n", "\n<img src=\"&#x2F;maps&#x2F;keep.png\" width=\"240\">\n", "templates/shortcodes/img.html:1: resize_image(path=\"maps/keep.png\"): sitegen does not resize images; the original /maps/keep.png is shown"},
		{"{{ img(path=\"rules/dice.jpg\") }}\n", "\n<img src=\"&#x2F;rules&#x2F;dice.jpg\" width=\"240\">\n", "the original /rules/dice.jpg is shown"},
		{"{{ fit(path=\"maps/real.png\") }}\n", "240x150 of 320x200\n", "the original /maps/real.png is shown"},
		{"{{ img(path=\"nowhere.png\") }}\n", "\n", `templates/shortcodes/img.html:1 has resize_image(path="nowhere.png"): no such image in the project, static/, content/ or public/`},
	} {
		x := expandWith("content/a.md", []byte(tt.src), read, &siteInfo{})
		if string(x.Src) != tt.want {
			t.Errorf("%s: got %q, want %q", tt.src, x.Src, tt.want)
		}
		if len(x.Problems) != 1 || !strings.Contains(x.Problems[0].Msg, tt.warn) || !x.Problems[0].Warning || x.Problems[0].Line != 1 {
			t.Errorf("%s: warnings %+v, want one at line 1 with %q", tt.src, x.Problems, tt.warn)
		}
	}
}

// pngOf is a w×h PNG.
func pngOf(t *testing.T, w, h int) string {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTeraImageMetadata checks Zola's get_image_metadata() in a shortcode
// (https://www.getzola.org/documentation/templates/overview/#get-image-metadata):
// "Gets metadata for an image. This supports common formats like JPEG,
// PNG, WebP, BMP, GIF as well as SVG"; "path: mandatory, see File
// Searching Logic"; "allow_missing: optional, true or false, defaults to
// false. Whether a missing file should raise an error or not"; "The
// method returns a map containing width, height, format, and mime. The
// format returned is the most common file extension for the file
// format". Tera escapes the printed MIME type ("/" as "&#x2F;"). The size is the image's, read as Zola reads it; an image
// sitegen cannot read (WebP) is a warning at the template's line, the
// page built with the format only; a missing image is no fatal error.
func TestTeraImageMetadata(t *testing.T) {
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, image.NewGray(image.Rect(0, 0, 64, 48)), nil); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"templates/shortcodes/meta.html": "{% set m = get_image_metadata(path=path, allow_missing=true) %}" +
			"{% if m %}{{ m.width }}x{{ m.height }} {{ m.format }} {{ m.mime }}{% else %}none{% endif %}",
		"templates/shortcodes/strict.html": "\n{% set m = get_image_metadata(path=path) %}{{ m.width }}",
		"static/maps/keep.png":             pngOf(t, 320, 200),
		"content/rules/dice.jpg":           jpg.String(),
		"static/icons/d20.svg":             `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 36"><path/></svg>`,
		"static/icons/d6.svg":              `<svg width="16px" height="18" viewBox="0 0 24 36"></svg>`,
		"static/maps/region.webp":          "RIFF....WEBPVP8 ",
	}
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	for _, tt := range []struct{ src, want, warn string }{
		{`{{ meta(path="maps/keep.png") }}`, "320x200 png image&#x2F;png", ""},
		{`{{ meta(path="/static/maps/keep.png") }}`, "320x200 png image&#x2F;png", ""},
		{`{{ meta(path="@/rules/dice.jpg") }}`, "64x48 jpg image&#x2F;jpeg", ""},
		{`{{ meta(path="rules/dice.jpg") }}`, "64x48 jpg image&#x2F;jpeg", ""},
		{`{{ meta(path="icons/d20.svg") }}`, "24x36 svg text&#x2F;svg+xml", ""},
		{`{{ meta(path="icons/d6.svg") }}`, "16x18 svg text&#x2F;svg+xml", ""},
		{`{{ meta(path="nowhere.png") }}`, "none", ""},
		{`{{ meta(path="maps/region.webp") }}`, "x webp",
			`templates/shortcodes/meta.html:1: get_image_metadata(path="maps/region.webp"): sitegen cannot read the size of this image`},
		{`{{ strict(path="nowhere.png") }}`, "",
			`templates/shortcodes/strict.html:2 has get_image_metadata(path="nowhere.png"): no such image in the project, static/, content/ or public/`},
	} {
		x := expandWith("content/a.md", []byte(tt.src+"\n"), read, &siteInfo{})
		if got := strings.TrimSpace(string(x.Src)); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.src, got, tt.want)
		}
		if tt.warn == "" {
			if len(x.Problems) > 0 {
				t.Errorf("%s: problems %+v", tt.src, x.Problems)
			}
			continue
		}
		if len(x.Problems) != 1 || !strings.Contains(x.Problems[0].Msg, tt.warn) || !x.Problems[0].Warning || x.Problems[0].Line != 1 {
			t.Errorf("%s: warnings %+v, want one at line 1 with %q", tt.src, x.Problems, tt.warn)
		}
	}
}
