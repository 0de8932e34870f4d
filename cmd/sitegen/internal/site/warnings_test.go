package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestWarnings: raw HTML the sanitizer changed and other tools' syntax are
// warnings with file:line:col, never silent; past three, one message is
// summarised.
func TestWarnings(t *testing.T) {
	files := map[string]string{
		"content/a.md": "---\ntitle: A\naliases: [Other name]\ndescription:\n---\n\n<div class=\"x\" onclick=\"go()\">block</div>\n\nInline <script>x()</script> <br> break.\n\n--8<-- \"snippet.md\"\n\n{{< hint info >}}\n\n/// note\n",
	}
	for i := range 6 {
		files["content/many"+string(rune('a'+i))+".md"] = "# Many\n\n<span style=\"position: fixed\">x</span>\n"
	}
	files["site.toml"] = "title = \"T\"\nbaseURL = \"https://example.org/\"\nobsidian = false\n"
	src := writeTree(t, files)
	res, err := build(t, src, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(res.Warnings, "\n")
	for _, want := range []string{
		`content/a.md:3:1: aliases: "Other name" is not a site path such as /old/url/: no redirect made`,
		"content/a.md:7:1: raw HTML: onclick on <div> removed",
		"content/a.md:9:8: raw HTML: <script> removed",
		"content/a.md:11:1: a MkDocs --8<-- snippet include: sitegen does not support it",
		"content/a.md:13:1: a Hugo {{< shortcode >}}",
		"content/a.md:15:1: a MkDocs /// block",
		"… and 3 more of the same in 3 files, the first at content/manyd.md:3:1: raw HTML: position in style on <span> removed",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	if n := strings.Count(all, "position in style on <span> removed"); n != 4 {
		t.Errorf("%d raw-HTML lines, want 3 shown and one summary:\n%s", n, all)
	}
	// With unsafe on, raw HTML is kept and not warned about.
	files["site.toml"] = "title = \"T\"\nbaseURL = \"https://rules.test/\"\n[markup.goldmark.renderer]\nunsafe = true\n"
	files["content/a.md"] = strings.Replace(files["content/a.md"], "aliases: [Other name]", "aliases: [/old/]", 1)
	res, err = build(t, writeTree(t, files), content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.Join(res.Warnings, "\n"), "raw HTML") {
		t.Errorf("unsafe = true still warns: %v", res.Warnings)
	}
}
