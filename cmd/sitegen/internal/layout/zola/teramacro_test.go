package zola

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestTeraCompose checks macros, include, extends/block/super() and
// filter sections in shortcode templates, each as Tera 1's documentation
// (Keats/tera v1.20.1, docs/content/docs/_index.md) describes it, quoted
// by each row, and the error, naming the template file:line, where a
// template cannot be run.
func TestTeraCompose(t *testing.T) {
	files := map[string]string{
		// Tera, "Macros": "{% macro input(label, type="text") %} …
		// {% endmacro input %}"; "{% import "macros.html" as macros %}";
		// "{{ macros::input(label="Name", type="text") }}"; "Use the
		// self namespace when calling a macro defined in the same file";
		// "Macros can be called recursively": "{% macro factorial(n) %}
		// {% if n > 1 %}{{ n }} - {{ self::factorial(n=n-1) }}{% else
		// %}1{% endif %}{% endmacro factorial %}".
		"templates/macros.html": `{% macro input(label, type="text") %}<label>{{ label }}<input type="{{ type }}"/></label>{% endmacro input %}
{% macro factorial(n) %}{% if n > 1 %}{{ n }} - {{ self::factorial(n=n-1) }}{% else %}1{% endif %}{% endmacro factorial %}
{% macro forever(n) %}{{ self::forever(n=n+1) }}{% endmacro %}
{% macro peek() %}{{ secret }}{% endmacro %}
{% macro stat(name, value=10) %}<b>{{ name }}</b> {{ value }}{% endmacro %}`,
		"templates/shortcodes/field.html": `{% import "macros.html" as m %}{{ m::input(label="Name") }}|{{ m::input(label="Age", type="number") }}`,
		"templates/shortcodes/fact.html":  `{% import "macros.html" as m %}{{ m::factorial(n=4) }}`,
		"templates/shortcodes/deep.html":  "\n{% import \"macros.html\" as m %}{{ m::forever(n=0) }}",
		"templates/shortcodes/peek.html":  `{% import "macros.html" as m %}{% set secret = "x" %}[{{ m::peek() }}]`,
		"templates/shortcodes/stats.html": `{% import "macros.html" as m %}{% for s in names %}{{ m::stat(name=s) }};{% endfor %}`,
		"templates/shortcodes/nomac.html": "{% import \"macros.html\" as m %}\n{{ m::missing() }}",
		// Tera, "Include": "You can include a template to be rendered
		// using the current context with the include tag"; "While you can
		// set values in included templates, those values only exist while
		// rendering them"; "{% include "header.html" ignore missing %}";
		// "{% include ["custom/header.html", "header.html"] %} … The
		// first template that exists will be included".
		"templates/partials/aside.html":   `{% set inner = "i" %}<aside>{{ title }}{{ inner }}</aside>`,
		"templates/shortcodes/aside.html": `{% include "partials/aside.html" %}[{{ inner | default(value="none") }}]`,
		"templates/shortcodes/opt.html":   `a{% include "nothing.html" ignore missing %}b{% include ["custom/x.html", "partials/aside.html"] %}`,
		"templates/shortcodes/gone.html":  "\n\n{% include \"nothing.html\" %}",
		"templates/partials/bad.html":     "ok\n{{ oops( }}",
		"templates/shortcodes/bad.html":   `{% include "partials/bad.html" %}`,
		"templates/partials/self.html":    `{% include "partials/self.html" %}`,
		"templates/shortcodes/loop.html":  `{% include "partials/self.html" %}`,
		// Tera, "Inheritance": "// grandparent {% block hey %}hello{%
		// endblock hey %} // parent {% extends "grandparent" %}{% block
		// hey %}hi and grandma says {{ super() }} {% block ending
		// %}sincerely{% endblock ending %}{% endblock hey %} // child {%
		// extends "parent" %}{% block hey %}dad says {{ super() }}{%
		// endblock hey %}{% block ending %}{{ super() }} with love{%
		// endblock ending %} … "dad says hi and grandma says hello
		// sincerely with love""; "in a child template, any content
		// outside of a block will be ignored".
		"templates/grandparent":           `{% block hey %}hello{% endblock hey %}`,
		"templates/parent":                `{% extends "grandparent" %}{% block hey %}hi and grandma says {{ super() }} {% block ending %}sincerely{% endblock ending %}{% endblock hey %}`,
		"templates/shortcodes/child.html": `{% extends "parent" %}ignored{% block hey %}dad says {{ super() }}{% endblock hey %}{% block ending %}{{ super() }} with love{% endblock ending %}`,
		"templates/card.html":             `<div class="card {{ kind }}">{% block head %}<b>Note</b>{% endblock head %}{% block content %}{% endblock content %}</div>`,
		"templates/shortcodes/warn.html":  `{% extends "card.html" %}{% block head %}<b>Warning</b>{% endblock head %}{% block content %}{{ body | markdown(inline=true) | safe }}{% endblock content %}`,
		// Tera, "Filter sections": "{% filter upper %} Hello {%
		// endfilter %} … transforms the text Hello in all upper-case".
		"templates/shortcodes/shout.html": `{% filter upper %}hello {{ who }}{% endfilter %}|{% filter replace(from="a", to="o") %}banana{% endfilter %}`,
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
	}{
		{"macro with a default argument", "{{ field() }}\n", `<label>Name<input type="text"/></label>|<label>Age<input type="number"/></label>` + "\n", ""},
		{"recursive macro through self::", "{{ fact() }}\n", "4 - 3 - 2 - 1\n", ""},
		{"recursion bounded", "{{ deep() }}\n", "\n", "templates/macros.html:3 has macro calls or includes nested more than 64 deep"},
		{"a macro sees its arguments only", "{{ peek() }}\n", "\n", "templates/macros.html:4 has {{ secret }}, a value the call does not give"},
		{"macro in a loop, default used", "{{ stats(names=[\"Str\", \"Dex\"]) }}\n", "<b>Str</b> 10;<b>Dex</b> 10;\n", ""},
		{"a macro the file does not have", "{{ nomac() }}\n", "\n", "templates/shortcodes/nomac.html:2 has the macro m::missing(): templates/macros.html has no such macro"},
		{"include with the current variables; its set stays inside", "{{ aside(title=\"T\") }}\n", "<aside>Ti</aside>[none]\n", ""},
		{"include ignore missing, and the first that exists", "{{ opt(title=\"T\") }}\n", "ab<aside>Ti</aside>\n", ""},
		{"include of a missing template", "{{ gone() }}\n", "\n", "templates/shortcodes/gone.html:3 has {% include \"nothing.html\" %}: no such template in templates/"},
		{"an error in an included template names it", "{{ bad() }}\n", "\n", "templates/partials/bad.html:2 has the expression oops("},
		{"an include of itself is bounded", "{{ loop() }}\n", "\n", "macro calls or includes nested more than 64 deep"},
		{"extends, nested blocks and super()", "{{ child() }}\n", "dad says hi and grandma says hello sincerely with love\n", ""},
		{"a shortcode extending a card", "{% warn(kind=\"w\") %}\nMind the *trap*.\n{% end %}\n", "<div class=\"card w\"><b>Warning</b>Mind the <em>trap</em>.</div>\n", ""},
		{"filter sections", "{{ shout(who=\"you\") }}\n", "HELLO YOU|bonono\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			x := Expand("content/a.md", []byte(tt.src), read)
			if string(x.Src) != tt.want {
				t.Errorf("got %q, want %q", x.Src, tt.want)
			}
			var msgs []string
			for _, p := range x.Problems {
				msgs = append(msgs, fmt.Sprintf("%d: %s", p.Line, p.Msg))
			}
			if tt.warn == "" && len(msgs) > 0 || tt.warn != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], tt.warn)) {
				t.Errorf("warnings %q, want one with %q", msgs, tt.warn)
			}
		})
	}
}

// TestTeraTheme checks that a theme's templates are found after the
// site's. Zola (themes/installing-and-using-themes.md): "Any file from
// the theme can be overridden by creating a file with the same path and
// name in your templates or static directory … templates/pages/post.html
// -> replace themes/simple-blog/templates/pages/post.html"; "{% extends
// "simple-blog/templates/pages/post.html" %}" extends the theme's own.
func TestTeraTheme(t *testing.T) {
	files := map[string]string{
		"themes/simple-blog/templates/shortcodes/note.html":   `{% import "macros.html" as m %}<aside>{{ m::label(t="Note") }}{{ body }}</aside>`,
		"themes/simple-blog/templates/macros.html":            `{% macro label(t) %}<b>{{ t }}</b>{% endmacro %}`,
		"themes/simple-blog/templates/shortcodes/tip.html":    `theme tip`,
		"templates/shortcodes/tip.html":                       `site tip`,
		"themes/simple-blog/templates/card.html":              `<div>{% block head %}Card{% endblock head %}</div>`,
		"templates/card.html":                                 `{% extends "simple-blog/templates/card.html" %}{% block head %}{{ super() }}!{% endblock head %}`,
		"templates/shortcodes/card.html":                      `{% extends "card.html" %}`,
		"themes/simple-blog/templates/shortcodes/broken.html": "\n{{ nope( }}",
	}
	read := func(f string) ([]byte, error) {
		if s, ok := files[f]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	site := &siteInfo{theme: "simple-blog"}
	for _, tt := range []struct{ src, want, warn string }{
		{"{% note() %}\nHi\n{% end %}\n", "<aside><b>Note</b>Hi</aside>\n", ""},
		{"{{ tip() }}\n", "site tip\n", ""},
		{"{{ card() }}\n", "<div>Card!</div>\n", ""},
		{"{{ broken() }}\n", "\n", "themes/simple-blog/templates/shortcodes/broken.html:2 has the expression nope("},
	} {
		x := expandWith("content/a.md", []byte(tt.src), read, site)
		if string(x.Src) != tt.want {
			t.Errorf("%q: got %q, want %q", tt.src, x.Src, tt.want)
		}
		if tt.warn == "" && len(x.Problems) > 0 || tt.warn != "" && (len(x.Problems) != 1 || !strings.Contains(x.Problems[0].Msg, tt.warn)) {
			t.Errorf("%q: warnings %+v, want %q", tt.src, x.Problems, tt.warn)
		}
	}
}
