package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoShortcodeData is issue 32, NB8 (tehlastjuan/compendium: each
// species page opens with {{< stats book="PBH24" size="Medium" … >}}, its
// stat block, and sitegen dropped it). Hugo 0.146 reads the site's
// shortcodes from layouts/_shortcodes ("Create shortcode templates within
// the layouts/_shortcodes directory", https://gohugo.io/templates/shortcode/):
// the template is found there and run ("Shortcode templates",
// https://gohugo.io/templates/shortcode-templates/), so the page shows
// the species' numbers as Hugo does, without a warning.
func TestHugoShortcodeData(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		// compendium's layouts/_shortcodes/stats.html, shortened.
		"layouts/_shortcodes/stats.html": `{{ $book := cond (.IsNamedParams) (.Get "book") (.Get 0) }}
{{ $size := cond (.IsNamedParams) (.Get "size") (.Get 5) }}
{{ $speed := cond (.IsNamedParams) (.Get "speed") (.Get 6) }}
{{ $species := .Page.Title -}}
{{ if $species -}}
  <div class="td-stats-card card">
    <h4 class="card-title col-auto">{{ $species }}</h4>
    <p class="card-text stats"><strong>Size:</strong> {{ $size }}</p>
    <p class="card-text stats"><strong>Speed:</strong> {{ $speed }}</p>
    {{ with .Params.ability -}}
      <p class="card-text stats"><strong>Ability Score Increase:</strong></p>
      <span class="card-text ">{{ . | markdownify }}</span>
    {{ end -}}
  </div>
{{ end -}}
`,
		"content/species/dwarf.md": "---\ntitle: Dwarf\n---\n\n{{< stats book=\"PBH24\" size=\"Medium (about 4-5 feet tall)\" speed=\"30 feet\" ability=\"+2 *Con*\" >}}\n\nDwarves are stout.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) > 0 {
		t.Errorf("warnings: %q", res.Warnings)
	}
	b, err := os.ReadFile(filepath.Join(dest, "species/dwarf/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Medium (about 4-5 feet tall)", "<strong>Speed:</strong> 30 feet", "+2 <em>Con</em>", "Dwarves are stout."} {
		if !strings.Contains(string(b), want) {
			t.Errorf("species/dwarf/index.html lacks %s", want)
		}
	}
}

// TestHugoShortcodeArgs is issue 32, NB8's other half: a shortcode whose
// template sitegen has not (a theme fetched as a Hugo module, not in the
// repository) or cannot run. Hugo stops at it ("template for shortcode
// … not found"); sitegen's lenient build keeps the data its named
// arguments carry ("Named parameters ... key=value",
// https://gohugo.io/content-management/shortcodes/): a definition list
// of them, in the order written, escaped, with a warning at its line.
// Positional arguments alone in running text stay text; a shortcode
// without arguments is still not shown.
func TestHugoShortcodeArgs(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":         "title = \"H\"\nbaseURL = \"https://h.test/\"\n",
		"content/_index.md": "---\ntitle: Home\n---\n",
		"content/goblin.md": "---\ntitle: Goblin\n---\n\n{{< statblock Name=\"Goblin\" hp=\"7 (2d6)\" ac=\"15 <leather>\" >}}\n\n{{< divider >}}\n\nSneaky.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	res, err := build(t, src, content.Options{Theme: theme, Dest: dest})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "goblin/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	rest := page
	for _, want := range []string{"<dl", "<dt>Name</dt>", "<dd>Goblin</dd>", "<dt>hp</dt>", "<dd>7 (2d6)</dd>", "<dt>ac</dt>", "<dd>15 &lt;leather&gt;</dd>", "</dl>", "Sneaky."} {
		i := strings.Index(rest, want)
		if i < 0 {
			t.Fatalf("goblin/index.html lacks %s (in order): %s", want, page)
		}
		rest = rest[i+len(want):]
	}
	got := strings.Join(res.Warnings, "\n")
	for _, want := range []string{`goblin.md:5:1: Hugo shortcode "statblock" is not supported (its template is not run): its named arguments are shown as a list`,
		`goblin.md:7:1: Hugo shortcode "divider" is not supported: not shown`} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings %q lack %q", res.Warnings, want)
		}
	}
}
