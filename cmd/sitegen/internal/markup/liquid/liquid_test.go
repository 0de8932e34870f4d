package liquid

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
)

func TestLiquid(t *testing.T) {
	tests := []struct {
		name, src string
		want      string   // the HTML
		warnings  []string // "offset: message"
	}{
		{"tag alone", "A\n\n{% include nav.html %}\n\nB\n", "<p>A</p>\n<p>B</p>\n", []string{`3: Liquid tag "{% include nav.html %}": Jekyll's template language, not shown`}},
		{"output inline", "Site {{ site.title }} here\n", "<p>Site  here</p>\n", []string{`5: Liquid output "{{ site.title }}": Jekyll's template language, not shown`}},
		{"two on a line", "{% if x %}yes{% endif %}\n", "<p>yes</p>\n", []string{`0: Liquid tag "{% if x %}"`, `13: Liquid tag "{% endif %}"`}},
		{"hugo shortcodes are not Liquid", "{{< hint >}} {{% x %}}\n", "<p>{{&lt; hint &gt;}} {{% x %}}</p>\n", nil},
		{"unclosed", "a {% b\n", "<p>a {% b</p>\n", nil},
		{"raw keeps what it holds", "Write {% raw %}{{ site.title }}{% endraw %} there\n", "<p>Write {{ site.title }} there</p>\n", nil},
		{"link tag in a link", "See [the *config*]({% link docs/configuration.md %}) now\n", `<p>See <a href="/docs/configuration.md">the <em>config</em></a> now</p>` + "\n", nil},
		{"link tag with a fragment", "[c]({% link docs/c.md %}#part)\n", `<p><a href="/docs/c.md#part">c</a></p>` + "\n", nil},
		{"link tag alone", "{% link docs/a.md %}\n", `<p><a href="/docs/a.md">docs/a.md</a></p>` + "\n", nil},
		{"raw around a block", "{% raw %}\n\n    {{ x }}\n\n{% endraw %}\n", "<pre><code>{{ x }}\n</code></pre>\n", nil},
		{"link reference definitions", "See [X][x] and [y].\n\n[x]: {% link docs/x.md %}\n[y]: {% link /docs/y.md %}\n", `<p>See <a href="/docs/x.md">X</a> and <a href="/docs/y.md">y</a>.</p>` + "\n", nil},
		{"code is code", "`{{ x }}`\n", "<p><code>{{ x }}</code></p>\n", nil},
		{"in an HTML block", "<ul>\n{% for p in site.posts %}<li>{{ p.title }}</li>{% endfor %}\n</ul>\n", "<ul>\n<li></li>\n</ul>\n",
			[]string{`5: Liquid tag "{% for p in site.posts %}"`, `34: Liquid output "{{ p.title }}"`, `52: Liquid tag "{% endfor %}"`}},
		{"in an HTML attribute", "<div>\n  <a href=\"{{ s.url }}\">x</a>\n</div>\n", "<div>\n  <a href=\"\">x</a>\n</div>\n", []string{`17: Liquid output "{{ s.url }}"`}},
		// Jekyll renders Liquid before Markdown: "site.url: Contains the url
		// of your site as it's configured in the _config.yml", site.baseurl
		// likewise (https://jekyllrb.com/docs/variables/#site-variables), so
		// [b]({{ site.baseurl }}/b/) is a link to the site's /b/.
		{"site.baseurl in a link", "[b]({{ site.baseurl }}/b/#x) now\n", `<p><a href="/b/#x">b</a> now</p>` + "\n", nil},
		{"site.url and site.baseurl in a link", "[*b*]({{ site.url }}{{ site.baseurl }}/b/)\n", `<p><a href="/b/"><em>b</em></a></p>` + "\n", nil},
		{"site.url in an image", "![pic]({{ site.url }}/img/a.jpg)\n", `<p><img src="/img/a.jpg" alt="pic"></p>` + "\n", nil},
		{"site.url alone in a link", "[home]({{ site.url }})\n", `<p><a href="/">home</a></p>` + "\n", nil},
		{"link tag after an exclamation", "Wow!{% link docs/a.md %}\n", `<p>Wow!<a href="/docs/a.md">docs/a.md</a></p>` + "\n", nil},
		{"site.url in text", "At {{ site.url }}/x\n", "<p>At /x</p>\n", []string{`3: Liquid output "{{ site.url }}"`}},
		{"raw in an HTML block", "<pre>\n{% raw %}{{ x }}{% endraw %} {{ y }}\n</pre>\n", "<pre>\n{{ x }} \n</pre>\n", []string{`35: Liquid output "{{ y }}"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var warnings []string
			md := goldmark.New(goldmark.WithRendererOptions(html.WithUnsafe()), goldmark.WithExtensions(Extension{Warn: func(_ parser.Context, off int, msg string) {
				warnings = append(warnings, fmt.Sprintf("%d: %s", off, msg))
			}}))
			var b bytes.Buffer
			if err := md.Convert([]byte(tt.src), &b); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("html = %q, want %q", b.String(), tt.want)
			}
			if len(warnings) != len(tt.warnings) {
				t.Fatalf("warnings = %q, want %q", warnings, tt.warnings)
			}
			for i, w := range tt.warnings {
				if !strings.HasPrefix(warnings[i], w) {
					t.Errorf("warning %d = %q, want %q", i, warnings[i], w)
				}
			}
		})
	}
}
