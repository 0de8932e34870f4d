package site

import (
	"context"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// canvasVault is a vault with a canvas: "Canvas files are saved with the
// .canvas extension using the open JSON Canvas format"
// (https://help.obsidian.md/plugins/canvas).
func canvasVault() map[string]string {
	return map[string]string{
		".obsidian/app.json": "{}",
		"Home.md":            "# Home\n\nThe [[Board.canvas]] board; embedded: ![[Board.canvas]]\n",
		"Notes/Keep.md":      "# Keep\n\nThe keep has **three** towers.\n",
		"Notes/Other.md":     "# Other\n\nUnrelated.\n",
		"maps/keep.png":      "PNG",
		"Board.canvas": `{
	"nodes":[
		{"id":"t1","type":"text","x":0,"y":0,"width":250,"height":120,"text":"# Plan\n\nSee [[Other]].\n\n> [!tip] Hint\n> Go north.","color":"1"},
		{"id":"f1","type":"file","x":400,"y":0,"width":300,"height":200,"file":"Notes/Keep.md"},
		{"id":"i1","type":"file","x":0,"y":300,"width":200,"height":200,"file":"maps/keep.png"},
		{"id":"g1","type":"group","x":-20,"y":280,"width":800,"height":260,"label":"Places"}
	],
	"edges":[{"id":"e1","fromNode":"t1","fromSide":"right","toNode":"f1","toSide":"left","label":"leads to"}]
}`,
	}
}

// canvasTheme is the tests' theme with the canvas stylesheet.
func canvasTheme() fstest.MapFS {
	th := maps.Clone(theme)
	th[markup.CanvasStyle] = &fstest.MapFile{Data: []byte(".cv-board{}\n")}
	return th
}

// buildCanvasVault builds a vault with canvasTheme.
func buildCanvasVault(t *testing.T, files map[string]string) (Result, error, map[string]string) {
	t.Helper()
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, files)
	dest := filepath.Join(t.TempDir(), "out")
	_, res, err := BuildSite(context.Background(), content.Options{Source: dir, Dest: dest, CacheDir: t.TempDir(), Theme: canvasTheme()})
	if res.Cleanup != nil {
		res.Cleanup()
	}
	if err != nil {
		return res, err, nil
	}
	return res, err, outputText(t, dest)
}

// TestCanvasPage: a canvas is a page at its path, titled by its file
// name, drawn (markup/canvas), its stylesheet loaded by it alone; a note
// links to it with [[Board.canvas]] and ![[Board.canvas]] (a link too:
// a board needs a page's width); the .canvas file is not published.
func TestCanvasPage(t *testing.T) {
	res, err, out := buildCanvasVault(t, canvasVault())
	if err != nil {
		t.Fatal(err)
	}
	board, home := out["board/index.html"], out["home/index.html"]
	style := regexp.MustCompile(`<link rel="stylesheet" href="/css/canvas\.[0-9a-f]+\.css">`)
	for _, c := range []struct {
		rule string
		ok   bool
	}{
		{"a page titled by its file name", strings.Contains(board, "<title>Board") && strings.Contains(board, "<h1>Board</h1>")},
		{"the canvas stylesheet on the canvas page", style.MatchString(board)},
		{"and on no other", !style.MatchString(home) && !style.MatchString(out["notes/keep/index.html"])},
		{"text node: wikilinks and callouts", strings.Contains(board, `<a class="wikilink" href="/notes/other/">Other</a>`) && strings.Contains(board, `callout-tip`)},
		{"file node: the note's title linking to it and its content", strings.Contains(board, `<p><a class="wikilink" href="/notes/keep/">Keep</a></p>`) && strings.Contains(board, "The keep has <strong>three</strong> towers.")},
		{"image file node: the image", strings.Contains(board, `<img src="/maps/keep.png"`)},
		{"group and edge", strings.Contains(board, `<div class="cv-label">Places</div>`) && strings.Contains(board, `<text x="385" y="120">leads to</text>`)},
		{"[[Board.canvas]] and ![[Board.canvas]] link to the page", strings.Count(home, `href="/board/">Board.canvas</a>`) == 2},
		{"the JSON not published", out["Board.canvas"] == "" && !strings.Contains(board, `"nodes"`)},
	} {
		if !c.ok {
			t.Errorf("%s: not so\n%s", c.rule, board[:min(len(board), 1500)])
		}
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "canvas") {
			t.Errorf("warning %q", w)
		}
	}
}

// TestCanvasWarnings: a canvas with bad input builds, each problem a
// warning naming the file, its line and the node or edge.
func TestCanvasWarnings(t *testing.T) {
	files := canvasVault()
	files["Bad.canvas"] = "{\"nodes\":[\n{\"id\":\"x\",\"type\":\"sticker\",\"x\":0,\"y\":0,\"width\":1,\"height\":1},\n{\"id\":\"y\",\"type\":\"text\",\"x\":0,\"y\":0,\"width\":10,\"height\":10,\"text\":\"ok\"}],\n\"edges\":[{\"id\":\"e\",\"fromNode\":\"y\",\"toNode\":\"gone\"}]}"
	files["Broken.canvas"] = "{\"nodes\":[\n"
	res, err, out := buildCanvasVault(t, files)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`Bad.canvas:2:1: canvas: node "x": unknown node type "sticker"`,
		`Bad.canvas:4:1: canvas: edge "e": to node "gone", which is not drawn (no such node): not drawn`,
		`Broken.canvas:2:1: canvas: not a JSON Canvas file (unexpected end of JSON input)`,
	} {
		if !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, want) }) {
			t.Errorf("no warning %q in %q", want, res.Warnings)
		}
	}
	if !strings.Contains(out["bad/index.html"], "<p>ok</p>") || !strings.Contains(out["broken/index.html"], "could not be read") {
		t.Errorf("the bad canvases' pages are not what can be drawn of them")
	}
}

// TestCanvasUpdate: a canvas saved makes its page again; a note a canvas
// shows (a file node, embedded) edited makes the canvas's page again,
// through the embeds' dependencies; another note's edit does not. Each
// update's output is a clean build's (updateRun.update).
func TestCanvasUpdate(t *testing.T) {
	for _, keep := range []bool{false, true} {
		src := t.TempDir()
		sitetest.WriteFiles(t, src, canvasVault())
		r := startUpdates(t, content.Options{Source: src, Theme: canvasTheme()}, keep)
		u := r.update(t, map[string]string{"Notes/Keep.md": "# Keep\n\nThe keep has **four** towers.\n"})
		if !slices.Contains(u.Pages, "/board/") || !slices.Contains(u.Pages, "/notes/keep/") {
			t.Errorf("keep %v: an edit of a note the canvas shows wrote %v, want /board/ and /notes/keep/", keep, u.Pages)
		}
		board := canvasVault()["Board.canvas"]
		u = r.update(t, map[string]string{"Board.canvas": strings.Replace(board, "Go north.", "Go south.", 1)})
		if !slices.Contains(u.Pages, "/board/") {
			t.Errorf("keep %v: a canvas saved wrote %v, want /board/", keep, u.Pages)
		}
		u = r.update(t, map[string]string{"Notes/Other.md": "# Other\n\nStill unrelated.\n"})
		if slices.Contains(u.Pages, "/board/") {
			t.Errorf("keep %v: an edit of a note the canvas only links to wrote %v", keep, u.Pages)
		}
	}
}
