package admonish_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"d6codex/cmd/sitegen/internal/markup/admonish"
	"d6codex/cmd/sitegen/internal/markup/callout"
)

// The plugin's documentation (https://tommilligan.github.io/mdbook-admonish/
// is built from book/src/overview.md) and the source that reads a block's
// info string, at the commit read.
const (
	overview = "https://github.com/tommilligan/mdbook-admonish/blob/21d8654/book/src/overview.md"
	resolve  = "https://github.com/tommilligan/mdbook-admonish/blob/21d8654/src/resolve.rs"
	config   = "https://github.com/tommilligan/mdbook-admonish/blob/21d8654/src/config/mod.rs"
)

func convert(t *testing.T, src string) (string, []string) {
	t.Helper()
	return convertWith(t, src, admonish.Defaults{})
}

func convertWith(t *testing.T, src string, d admonish.Defaults) (string, []string) {
	t.Helper()
	var warnings []string
	warn := func(_ parser.Context, off int, msg string) { warnings = append(warnings, msg) }
	md := goldmark.New(goldmark.WithExtensions(callout.Extension{}, admonish.Extension{Warn: warn, Defaults: d}))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String(), warnings
}

// TestAdmonish checks each documented rule of mdbook-admonish's
// ```admonish blocks against what sitegen renders: a callout of the
// site, never a code block.
func TestAdmonish(t *testing.T) {
	tests := []struct {
		rule, url string // the documented rule, quoted, and where
		src       string
		want, not []string
	}{
		{"Use any fenced code-block as you normally would, but annotate it with `admonish <admonition type>`", overview,
			"```admonish example\nMy example is the best!\n```\n",
			[]string{`<div class="callout callout-example" role="note">`, `<p class="callout-title">Example</p>`, `<p>My example is the best!</p>`}, []string{"<pre", "<code"}},
		{"You can also leave out the admonition type altogether, in which case it will default to `note`", overview,
			"```admonish\nA plain note.\n```\n",
			[]string{`<div class="callout callout-note" role="note">`, `<p class="callout-title">Note</p>`, `<p>A plain note.</p>`}, []string{"<pre"}},
		{"A custom title can be provided: ```admonish warning title=\"Data loss\"", overview,
			"```admonish warning title=\"Data loss\"\nThe following steps can lead to irrecoverable data corruption.\n```\n",
			[]string{`<div class="callout callout-warning" role="note">`, `<p class="callout-title">Data loss</p>`}, []string{"title=", "<pre"}},
		{"You can also remove the title bar entirely, by specifying the empty string: title=\"\"", overview,
			"```admonish success title=\"\"\nThis will take a while, go and grab a drink of water.\n```\n",
			[]string{`<div class="callout callout-success" role="note">` + "\n<p>This will take"}, []string{"callout-title"}},
		{"Markdown and HTML can be used in the inner content, as you'd expect: title='_Referencing_ and …'", overview,
			"```admonish tip title='_Referencing_ and dereferencing'\nThe opposite of *referencing* is `*`.\n```\n",
			[]string{`<p class="callout-title"><em>Referencing</em> and dereferencing</p>`, `<em>referencing</em>`, `<code>*</code>`}, nil},
		{"If you have code blocks you want to include in the content, use tildes for the outer code fence", overview,
			"~~~admonish bug\nThis syntax won't work in Python 3:\n```python\nprint \"Hello, world!\"\n```\n~~~\n",
			[]string{`<div class="callout callout-bug" role="note">`, `<pre><code class="language-python">print &quot;Hello, world!&quot;`, `</code></pre>` + "\n</div>"}, nil},
		{"For a block to be initially collapsible, and then be openable, set `collapsible=true`", overview,
			"```admonish title=\"Sneaky\", collapsible=true\nContent will be hidden initially.\n```\n",
			[]string{`<details class="callout callout-note"><summary class="callout-title">Sneaky</summary>`, `<p>Content will be hidden initially.</p>`}, []string{" open"}},
		{"Options are given like a TOML Inline Table, as key-value pairs separated by commas: class=", overview,
			"```admonish note title=\"Stylish\", class=\"custom-0 custom-1\"\nStyled.\n```\n",
			[]string{`<p class="callout-title">Stylish</p>`}, []string{"custom-0"}},
		{"v1 syntax is supported back compatibly: admonish note.additional-classname", config,
			"```admonish warning.extra \"Optional title\"\nText.\n```\n",
			[]string{`<div class="callout callout-warning" role="note">`, `<p class="callout-title">Optional title</p>`}, nil},
		{"v2 syntax is supported: admonish title=\"Custom Title\" type=\"question\"", config,
			"```admonish title=\"Custom Title\" type=\"question\"\nQ.\n```\n",
			[]string{`<div class="callout callout-question" role="note">`, `<p class="callout-title">Custom Title</p>`}, nil},
		{"\"warning\" | \"caution\" | \"attention\" => Ok(Self::Warning); \"tldr\" => \"TL;DR\"", resolve,
			"```admonish caution\nA.\n```\n\n```admonish tldr\nB.\n```\n",
			[]string{`<div class="callout callout-warning" role="note">` + "\n" + `<p class="callout-title">Caution</p>`, `<div class="callout callout-abstract" role="note">` + "\n" + `<p class="callout-title">TL;DR</p>`}, nil},
		{"(Err(_), None) => (BuiltinDirective::Note.to_string(), \"Note\".to_owned())", resolve,
			"```admonish madeup\nX.\n```\n",
			[]string{`<div class="callout callout-note" role="note">` + "\n" + `<p class="callout-title">Note</p>`}, []string{"Madeup"}},
		{"not admonition blocks: from_info_string(\"adm\") is None", config,
			"```admonishment\nkept as code\n```\n\n```rust\nfn main() {}\n```\n",
			[]string{`<pre><code class="language-admonishment">kept as code`, `<pre><code class="language-rust">`}, []string{"callout"}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got, warnings := convert(t, tt.src)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s\n%s:\ngot  %q\nwant %q in it", tt.url, tt.src, got, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("%s\n%s:\ngot  %q\nwant no %q", tt.url, tt.src, got, n)
				}
			}
			if len(warnings) > 0 {
				t.Errorf("warnings %q, want none", warnings)
			}
		})
	}
}

// TestAdmonishInvalid: "if an admonish block cannot be parsed, an error
// will be rendered in the output" (overview): sitegen warns at the fence
// and shows the block as written.
func TestAdmonishInvalid(t *testing.T) {
	got, warnings := convert(t, "```admonish title=\"\\j\"\nThis block will error\n```\n")
	if !strings.Contains(got, "<pre><code") || strings.Contains(got, "callout") {
		t.Errorf("got %q, want the block as code", got)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "admonish") {
		t.Errorf("warnings %q, want one naming the admonish block", warnings)
	}
	long := "```admonish title=\"" + strings.Repeat("x", admonish.MaxInfo) + "\"\nX\n```\n"
	if _, warnings := convert(t, long); len(warnings) != 1 {
		t.Errorf("an info string longer than MaxInfo: warnings %q, want one", warnings)
	}
}

// TestAdmonishDefaults: the book's defaults apply to the blocks that set
// nothing ("Default values to use, when not provided in an admonish block
// explicitly", https://github.com/tommilligan/mdbook-admonish/blob/21d8654/book/src/reference.md;
// resolve.rs: "let title = title.or_else(|| overrides.book.title.clone())").
func TestAdmonishDefaults(t *testing.T) {
	title := "Heads up"
	d := admonish.Defaults{Title: &title, Collapsible: true}
	got, _ := convertWith(t, "```admonish tip\nA.\n```\n\n```admonish tip title=\"Own\", collapsible=false\nB.\n```\n", d)
	for _, want := range []string{
		`<details class="callout callout-tip"><summary class="callout-title">Heads up</summary>`,
		`<div class="callout callout-tip" role="note">` + "\n" + `<p class="callout-title">Own</p>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("got %q\nwant %q in it", got, want)
		}
	}
}
