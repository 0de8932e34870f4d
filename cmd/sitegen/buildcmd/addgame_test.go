package buildcmd_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/calc"
	"d6codex/calc/systems"
	"d6codex/calc/systems/testdata/highroll"
	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/compareblock"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
	"d6codex/cmd/sitegen/internal/wasmbuild"
)

// TestAddingAGame is the README's "Adding a game", proven: a test game
// registers with one call and gets a calculator block, a table block and
// a row in the comparison; a tool that belongs to no game gets its block
// and its own module, and no comparison row. The module build itself is wasmbuild's (and
// costs a compiler run), so a stub stands in for the module's bytes here.
func TestAddingAGame(t *testing.T) {
	reg, err := calc.NewRegistry(append(systems.All(), highroll.System(), highroll.Tool())...)
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"site.toml":         "title = \"t\"\nbaseURL = \"http://localhost/\"\n",
		"content/_index.md": "---\ntitle: Home\ndescription: Home.\n---\nHome.\n",
		"content/highroll/_index.md": "---\ntitle: High roll\ndescription: A test game.\n---\n" +
			"```calc highroll/attack\nbonus = 2\n```\n\n```table highroll/targets\n```\n\n```compare odds novice-vs-novice\n```\n\n" +
			"```calc tools/roll\n```\n",
	})
	if err := os.CopyFS(filepath.Join(src, "static"), os.DirFS(filepath.Join(browser.RepoRoot(t), "static"))); err != nil {
		t.Fatal(err)
	}
	stub := func(context.Context, *content.Site) (map[string][]byte, error) {
		return map[string][]byte{wasmbuild.ExecAsset: []byte("//"), wasmbuild.ModuleAsset("highroll"): []byte("\x00asm"),
			wasmbuild.ModuleAsset("tools"): []byte("\x00asm")}, nil
	}
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(context.Background(), content.Options{Source: src, Dest: dest, CacheDir: "-",
		Handlers: buildcmd.HandlersFor(reg), Generators: []content.Generator{stub}}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dest, "highroll", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, want := range []string{
		`data-calc="highroll/attack"`, "High roll attack", `data-wasm="/calc/highroll.`, // the calculator and its own module
		`id="table-highroll-targets"`,    // the table
		`<th scope="row">High roll</th>`, // the comparison row
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the test game's page lacks %s", want)
		}
	}
	rows, err := compareblock.New(reg).Rows(compareblock.MatchUps()[:1])
	if err != nil {
		t.Fatal(err)
	}
	games := 1 // the test game
	for _, s := range systems.All() {
		if s.IsGame() {
			games++
		}
	}
	if len(rows) != games {
		t.Errorf("%d comparison rows, want one per game and none for the tool", len(rows))
	}
	last := rows[len(rows)-1]
	if last.System.ID != "highroll" || last.Hit != 0.5 || last.Mean != 0.5 {
		t.Errorf("comparison row %+v: want highroll hitting half the time (d6 + 0 >= 4) for 0.5 damage", last)
	}
}
