package site

import (
	"bytes"
	"strings"
	"testing"
)

// TestCallouts renders GitHub alerts and MkDocs admonitions.
func TestCallouts(t *testing.T) {
	md := newMarkdown(false)
	tests := []struct{ name, src, want string }{
		{"GitHub alert", "> [!NOTE]\n> Roll **twice**.\n", `<div class="callout callout-note" role="note">
<p class="callout-title">Note</p>
<p>Roll <strong>twice</strong>.</p>
</div>`},
		{"alert marker alone", "> [!WARNING]\n>\n> Two paragraphs.\n>\n> - and a list\n", `<div class="callout callout-warning" role="note">
<p class="callout-title">Warning</p>
<p>Two paragraphs.</p>
<ul>
<li>and a list</li>
</ul>
</div>`},
		{"plain quote stays", "> [!NOTANALERT]\n> text\n", "<blockquote>"},
		{"admonition with title", "!!! example \"A worked example\"\n    Juno rolls *3 and 4*.\n\n    - Total 8\n\nAfter.\n", `<div class="callout callout-example" role="note">
<p class="callout-title">A worked example</p>
<p>Juno rolls <em>3 and 4</em>.</p>
<ul>
<li>Total 8</li>
</ul>
</div>
<p>After.</p>`},
		{"collapsible", "??? tip\n    Hidden.\n", `<details class="callout callout-tip"><summary class="callout-title">Tip</summary>
<p>Hidden.</p>
</details>`},
		{"collapsible open", "???+ note \"Open me\"\n    Shown.\n", `<details class="callout callout-note" open><summary class="callout-title">Open me</summary>`},
		{"no title", "!!! note \"\"\n    Bare.\n", `<div class="callout callout-note" role="note">
<p>Bare.</p>`},
		{"not an admonition", "!!!\n    code?\n", "<p>!!!"},
		{"title escaped", "!!! note \"<b>x</b>\"\n    y\n", "&lt;b&gt;x&lt;/b&gt;"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.src), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, b.String(), tt.want)
		}
	}
}

// TestWarnings: raw HTML dropped in safe mode and other tools' syntax are
// warnings with file:line:col, never silent; past three, one message is
// summarised.
func TestWarnings(t *testing.T) {
	files := map[string]string{
		"content/a.md": "---\ntitle: A\naliases: [Other name]\ndescription:\n---\n\n<div class=\"x\">block</div>\n\nInline <br> break.\n\n--8<-- \"snippet.md\"\n\n{{< hint info >}}\n\n/// note\n",
	}
	for i := range 6 {
		files["content/many"+string(rune('a'+i))+".md"] = "# Many\n\n<span>x</span>\n"
	}
	src := writeTree(t, files)
	res, err := build(t, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(res.Warnings, "\n")
	for _, want := range []string{
		`content/a.md:3:1: aliases: "Other name" is not a site path such as /old/url/: no redirect made`,
		"content/a.md:7:1: raw HTML dropped",
		"content/a.md:9:8: raw HTML dropped",
		"content/a.md:11:1: a MkDocs --8<-- snippet include: sitegen does not support it",
		"content/a.md:13:1: a Hugo {{< shortcode >}}",
		"content/a.md:15:1: a MkDocs /// block",
		"… and 5 more of the same in 5 files, the first at content/manyb.md:3:1: raw HTML dropped",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	if n := strings.Count(all, "raw HTML dropped"); n != 4 {
		t.Errorf("%d raw-HTML lines, want 3 shown and one summary:\n%s", n, all)
	}
	// With unsafe on, raw HTML is kept and not warned about.
	files["site.toml"] = "title = \"T\"\nbaseURL = \"https://rules.test/\"\n[markup.goldmark.renderer]\nunsafe = true\n"
	res, err = build(t, writeTree(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.Join(res.Warnings, "\n"), "raw HTML") {
		t.Errorf("unsafe = true still warns: %v", res.Warnings)
	}
}
